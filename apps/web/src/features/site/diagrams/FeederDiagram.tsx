import { readingOf } from '../panels/readings';
import type { FeederSpec, PanelView } from '../panels/types';
import { formatValue } from '../panels/values';
import classes from './Diagram.module.css';
import { DiagramFrame } from './DiagramFrame';
import {
  type BoxLine,
  Busbar,
  boxHeight,
  GridSymbol,
  InfoBox,
  LoadSymbol,
  TransformerSymbol,
  Wire,
} from './parts';

const WIDTH = 720;
const COLUMN_X = 220;

/**
 * A supply feeding one bus through a measuring point (QGBT, substation):
 * the supply symbols, the meter with its readings, the bus and the load.
 */
export function FeederDiagram({
  view,
  title,
  spec: options,
}: {
  view: PanelView;
  title: string;
  spec: FeederSpec;
}) {
  const lines: BoxLine[] = options.measurements.map((m) => {
    const reading = readingOf(view.device, m.name);
    const text = formatValue(m.name, reading.value);
    return { label: m.label, value: m.unit && text !== '---' ? `${text} ${m.unit}` : text };
  });
  const symbolYs = options.supply.map((_, i) => 48 + i * 78);
  const lastSymbolY = symbolYs.at(-1) ?? 48;
  const meterY = lastSymbolY + 88;
  const boxH = boxHeight(lines.length);
  const boxY = Math.max(8, meterY - boxH / 2);
  const busY = Math.max(meterY + 70, boxY + boxH + 30);
  const height = busY + 70;
  const description = `${options.supplyLabel} alimenta ${options.busLabel}. ${lines
    .map((l) => `${l.label} ${l.value}`)
    .join(', ')}.`;

  return (
    <DiagramFrame title={title} description={description} width={WIDTH} height={height}>
      {options.supply.map((kind, i) => {
        const y = symbolYs[i] ?? 0;
        const next = symbolYs[i + 1];
        return (
          <g key={`${kind}-${y}`}>
            {kind === 'grid' ? (
              <GridSymbol x={COLUMN_X} y={y} tone="neutral" />
            ) : (
              <TransformerSymbol x={COLUMN_X} y={y} />
            )}
            {next !== undefined && (
              <Wire
                points={[
                  [COLUMN_X, y + (kind === 'grid' ? 24 : 25)],
                  [COLUMN_X, next - 25],
                ]}
              />
            )}
          </g>
        );
      })}
      <text
        x={COLUMN_X - 40}
        y={(symbolYs[0] ?? 48) + 4}
        className={classes.label}
        textAnchor="end"
      >
        {options.supplyLabel}
      </text>
      <Wire
        points={[
          [COLUMN_X, lastSymbolY + 25],
          [COLUMN_X, meterY - 16],
        ]}
      />
      <circle
        cx={COLUMN_X}
        cy={meterY}
        r={16}
        className={classes.symbol}
        style={{ stroke: 'var(--mantine-color-gray-7)' }}
      />
      <text
        x={COLUMN_X}
        y={meterY}
        className={classes.symbolText}
        style={{ fill: 'var(--mantine-color-gray-8)' }}
      >
        M
      </text>
      <Wire
        points={[
          [COLUMN_X + 16, meterY],
          [COLUMN_X + 80, meterY],
        ]}
      />
      <InfoBox x={COLUMN_X + 80} y={boxY} width={260} title="Medição" lines={lines} />
      <Wire
        points={[
          [COLUMN_X, meterY + 16],
          [COLUMN_X, busY],
        ]}
      />
      <Busbar x1={COLUMN_X - 100} x2={WIDTH - 60} y={busY} label={options.busLabel} />
      <Wire
        points={[
          [WIDTH - 160, busY],
          [WIDTH - 160, busY + 12],
        ]}
      />
      <LoadSymbol x={WIDTH - 160} y={busY + 12} label={options.loadLabel} />
    </DiagramFrame>
  );
}
