import type { DataQuality, Tone } from '@vigia/domain';
import { useLayoutEffect, useRef, useState } from 'react';
import type { DecodedState } from '../panels/decoders';
import type { PanelView, SingleLineSpec } from '../panels/types';
import classes from './Diagram.module.css';
import { DiagramFrame } from './DiagramFrame';
import {
  type BoxLine,
  Breaker,
  Busbar,
  boxHeight,
  GeneratorSymbol,
  GridSymbol,
  InfoBox,
  LoadSymbol,
  Wire,
} from './parts';
import { SingleLineTable, type TableSource } from './SingleLineTable';
import { drawingLegibleAt, singleLineLayout } from './singleLineLayout';
import { describeSingleLine, singleLineModel } from './singleLineModel';

interface SourceSlot {
  key: string;
  title: string;
  tone: Tone;
  lines: readonly BoxLine[];
  breaker: DecodedState | null;
  quality: DataQuality;
  note: string | null;
}

const stateLine = (label: string, state: DecodedState): BoxLine => ({
  label,
  value: state.label,
  tone: state.tone,
});

/** The width the drawing's container offers (0 until laid out), followed as it resizes. */
function useAvailableWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  // Measured before the first paint, so the drawing never shows and then swaps for its table.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setAvailable(element.clientWidth);
    const observer = new ResizeObserver(() => setAvailable(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, available };
}

/**
 * A single-line drawing (unifilar) from the readings: every generator of the
 * place with its breaker on a common bus, and the way to the grid: through a
 * transfer panel (mains and group breakers), a paralleling panel (TFR), or
 * straight to the load. Where the drawing would shrink its text under 11 px
 * (a phone, many generators) its table takes its place.
 */
export function SingleLineDiagram({
  view,
  title,
  spec,
}: {
  view: PanelView;
  title: string;
  spec: SingleLineSpec;
}) {
  const { ref, available } = useAvailableWidth();
  const model = singleLineModel(view.device, view.peers, {
    mains: spec.mains,
    nowSec: view.nowSec,
  });
  const { qta, tfr } = model;
  const sources: SourceSlot[] =
    model.generators.length > 0
      ? model.generators.map((g) => ({
          key: String(g.id),
          title: g.name,
          tone: g.statusTone,
          lines: g.lines,
          breaker: g.breaker,
          quality: g.quality,
          note: g.note,
        }))
      : qta
        ? [
            {
              key: 'grupo',
              title: 'Grupo',
              tone: 'neutral',
              lines: qta.groupLines,
              breaker: null,
              quality: qta.quality,
              note: qta.note,
            },
          ]
        : [];
  const hasMains = qta !== null || tfr !== null;
  const mainsLines = qta ? qta.mainsLines : (tfr?.lines ?? []);
  const layout = singleLineLayout({
    sources: sources.map((s) => s.lines.length),
    mains: qta ? 'qta' : tfr ? 'tfr' : null,
    mainsLines: mainsLines.length,
  });
  const { width, height, centers, symbolY, breakerY, busY, busStart, busEnd, groupX } = layout;
  const { mainsX, loadBusY } = layout;
  const { top } = layout;
  const description = describeSingleLine(model);

  if (!drawingLegibleAt(width, available)) {
    const rows: TableSource[] = sources.map((s) => ({
      key: s.key,
      title: s.title,
      lines: s.breaker ? [...s.lines, stateLine('Disjuntor', s.breaker)] : s.lines,
      quality: s.quality,
      note: s.note,
    }));
    if (qta) {
      rows.push({
        key: 'rede',
        title: 'Rede da concessionária',
        lines: [
          ...qta.mainsLines,
          stateLine('Chave da rede', qta.mainsBreaker),
          stateLine('Chave do grupo', qta.groupBreaker),
        ],
        quality: qta.quality,
        note: qta.note,
      });
    }
    if (tfr) {
      rows.push({
        key: 'tfr',
        title: `${tfr.name} · paralelismo`,
        lines: tfr.lines,
        quality: tfr.quality,
        note: tfr.note,
      });
    }
    return (
      <div ref={ref}>
        <SingleLineTable title={title} sources={rows} />
      </div>
    );
  }

  return (
    <div ref={ref}>
      <DiagramFrame title={title} description={description} width={width} height={height}>
        {sources.map((s, i) => {
          const x = centers[i] ?? 0;
          const boxWidth = layout.boxWidth;
          return (
            <g key={s.key} data-source={s.title}>
              <InfoBox
                x={x - boxWidth / 2}
                y={top}
                width={boxWidth}
                title={s.title}
                titleTone={s.tone === 'neutral' ? undefined : s.tone}
                lines={s.lines}
                note={s.note}
              />
              <Wire
                points={[
                  [x, top + boxHeight(s.lines.length)],
                  [x, symbolY - 24],
                ]}
              />
              <GeneratorSymbol x={x} y={symbolY} tone={s.tone} />
              {s.breaker ? (
                <>
                  <Wire
                    points={[
                      [x, symbolY + 24],
                      [x, breakerY - 13],
                    ]}
                  />
                  <Breaker x={x} y={breakerY} state={s.breaker} />
                  <Wire
                    points={[
                      [x, breakerY + 13],
                      [x, busY],
                    ]}
                  />
                </>
              ) : (
                <Wire
                  points={[
                    [x, symbolY + 24],
                    [x, busY],
                  ]}
                />
              )}
            </g>
          );
        })}
        {sources.length > 0 && (
          <Busbar
            x1={busStart}
            x2={busEnd}
            y={busY}
            label={qta ? 'Barramento do grupo' : 'Barramento'}
          />
        )}

        {qta && (
          <g data-mains="qta">
            <InfoBox
              x={mainsX - layout.mainsBoxWidth / 2}
              y={top}
              width={layout.mainsBoxWidth}
              title="Rede da concessionária"
              titleTone={qta.mainsTone === 'neutral' ? undefined : qta.mainsTone}
              lines={qta.mainsLines}
              note={qta.note}
            />
            <Wire
              points={[
                [mainsX, top + boxHeight(qta.mainsLines.length)],
                [mainsX, symbolY - 24],
              ]}
            />
            <GridSymbol x={mainsX} y={symbolY} tone={qta.mainsTone} />
            <Wire
              points={[
                [mainsX, symbolY + 24],
                [mainsX, breakerY - 13],
              ]}
            />
            <Breaker x={mainsX} y={breakerY} state={qta.mainsBreaker} />
            <Wire
              points={[
                [mainsX, breakerY + 13],
                [mainsX, loadBusY],
              ]}
            />
            <Wire
              points={[
                [groupX, busY],
                [groupX, busY + 42],
              ]}
            />
            <Breaker x={groupX} y={busY + 55} state={qta.groupBreaker} />
            <Wire
              points={[
                [groupX, busY + 68],
                [groupX, loadBusY],
              ]}
            />
            <Busbar
              x1={groupX - 20}
              x2={mainsX + 20}
              y={loadBusY}
              label="Barramento da carga"
              labelBelow
            />
            <Wire
              points={[
                [(groupX + mainsX) / 2, loadBusY],
                [(groupX + mainsX) / 2, loadBusY + 10],
              ]}
            />
            <LoadSymbol x={(groupX + mainsX) / 2} y={loadBusY + 10} label="Carga" />
          </g>
        )}

        {tfr && (
          <g data-mains="tfr">
            <InfoBox
              x={mainsX - layout.mainsBoxWidth / 2}
              y={top}
              width={layout.mainsBoxWidth}
              title={`${tfr.name} · paralelismo`}
              lines={tfr.lines}
              note={tfr.note}
            />
            <Wire
              points={[
                [mainsX, top + boxHeight(tfr.lines.length)],
                [mainsX, symbolY - 24],
              ]}
            />
            <GridSymbol x={mainsX} y={symbolY} tone="neutral" />
            <text x={mainsX + 32} y={symbolY + 4} className={classes.label}>
              Rede
            </text>
            <Wire
              points={[
                [mainsX, symbolY + 24],
                [mainsX, busY],
              ]}
            />
          </g>
        )}

        {sources.length === 0 && !hasMains && (
          <text x={width / 2} y={height / 2} className={classes.caption}>
            Nenhum gerador encontrado neste local.
          </text>
        )}

        {!qta && !tfr && sources.length > 0 && (
          <>
            <Wire
              points={[
                [groupX, busY],
                [groupX, busY + 14],
              ]}
            />
            <LoadSymbol x={groupX} y={busY + 14} label="Carga" />
          </>
        )}
      </DiagramFrame>
    </div>
  );
}
