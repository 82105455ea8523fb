import type { Tone } from '@vigia/domain';
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
import { describeSingleLine, singleLineModel } from './singleLineModel';

interface SourceSlot {
  key: string;
  title: string;
  tone: Tone;
  lines: readonly BoxLine[];
  breaker: DecodedState | null;
}

const TOP = 16;
const MARGIN = 24;
const MAINS_COLUMN = 250;
const SLOT = 240;
const MIN_WIDTH = 560;

/**
 * A single-line drawing (unifilar) from the readings: the generators with
 * their breakers on a common bus, and the way to the grid: through a
 * transfer panel (mains and group breakers), a paralleling panel (TFR), or
 * straight to the load.
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
  const model = singleLineModel(view.device, view.peers, {
    mains: spec.mains,
    generators: spec.generators,
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
        }))
      : qta
        ? [
            {
              key: 'grupo',
              title: 'Grupo',
              tone: 'neutral',
              lines: qta.groupLines,
              breaker: null,
            },
          ]
        : [];
  const hasMains = qta !== null || tfr !== null;
  const width = Math.max(
    MIN_WIDTH,
    2 * MARGIN + Math.max(1, sources.length) * SLOT + (hasMains ? MAINS_COLUMN : 0),
  );
  const regionEnd = hasMains ? width - MAINS_COLUMN - MARGIN : width - MARGIN;
  const slotWidth = (regionEnd - MARGIN) / Math.max(1, sources.length);
  const mainsLines = qta ? qta.mainsLines : (tfr?.lines ?? []);
  const boxH = Math.max(
    boxHeight(Math.max(0, ...sources.map((s) => s.lines.length))),
    hasMains ? boxHeight(mainsLines.length) : 0,
  );
  const symbolY = TOP + boxH + 44;
  const breakerY = symbolY + 74;
  const busY = breakerY + 62;
  const centers = sources.map((_, i) => MARGIN + slotWidth * i + slotWidth / 2);
  const mainsX = width - MARGIN - MAINS_COLUMN / 2;
  const busStart = Math.min(...centers, MARGIN + 20) - 20;
  const busEnd = tfr ? mainsX + 20 : Math.max(...centers, MARGIN + 60) + 20;
  const groupX = (busStart + busEnd) / 2;
  const loadBusY = busY + 110;
  // Below the bus: the transfer to the load bus, the load arrow, or nothing (a TFR exports).
  const height = qta ? loadBusY + 70 : tfr ? busY + 30 : busY + 78;
  const description = describeSingleLine(model);

  return (
    <DiagramFrame title={title} description={description} width={width} height={height}>
      {sources.map((s, i) => {
        const x = centers[i] ?? 0;
        const boxWidth = Math.min(220, slotWidth - 16);
        return (
          <g key={s.key} data-source={s.title}>
            <InfoBox
              x={x - boxWidth / 2}
              y={TOP}
              width={boxWidth}
              title={s.title}
              titleTone={s.tone === 'neutral' ? undefined : s.tone}
              lines={s.lines}
            />
            <Wire
              points={[
                [x, TOP + boxHeight(s.lines.length)],
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
            x={mainsX - (MAINS_COLUMN - 30) / 2}
            y={TOP}
            width={MAINS_COLUMN - 30}
            title="Rede da concessionária"
            titleTone={qta.mainsTone === 'neutral' ? undefined : qta.mainsTone}
            lines={qta.mainsLines}
          />
          <Wire
            points={[
              [mainsX, TOP + boxHeight(qta.mainsLines.length)],
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
            x={mainsX - (MAINS_COLUMN - 30) / 2}
            y={TOP}
            width={MAINS_COLUMN - 30}
            title={`${tfr.name} · paralelismo`}
            lines={tfr.lines}
          />
          <Wire
            points={[
              [mainsX, TOP + boxHeight(tfr.lines.length)],
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
  );
}
