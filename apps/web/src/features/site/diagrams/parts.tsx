import type { Tone } from '@vigia/domain';
import { TONE_BORDER, TONE_SURFACE, TONE_TEXT } from '../../../ui/tone';
import type { DecodedState } from '../panels/decoders';
import classes from './Diagram.module.css';

/** A breaker drawn from a switch decoder's state: closed bridges the gap, open leaves it. */
export function Breaker({ x, y, state }: { x: number; y: number; state: DecodedState }) {
  const closed = /^fechad/i.test(state.label);
  const known = state.label !== '---';
  const tone: Tone = known ? state.tone : 'neutral';
  return (
    <g data-breaker={state.label}>
      <rect
        x={x - 13}
        y={y - 13}
        width={26}
        height={26}
        rx={3}
        style={{
          fill: closed ? TONE_SURFACE[tone] : 'var(--mantine-color-white)',
          stroke: TONE_TEXT[tone],
          strokeWidth: 2,
          strokeDasharray: known ? undefined : '4 3',
        }}
      />
      {closed ? (
        <line
          x1={x}
          y1={y - 13}
          x2={x}
          y2={y + 13}
          style={{ stroke: TONE_TEXT[tone], strokeWidth: 3 }}
        />
      ) : (
        <line
          x1={x}
          y1={y + 13}
          x2={x + 9}
          y2={y - 9}
          style={{ stroke: TONE_TEXT[tone], strokeWidth: 2.5 }}
        />
      )}
      <text x={x + 20} y={y + 4} className={classes.stateText} style={{ fill: TONE_TEXT[tone] }}>
        {state.label}
      </text>
    </g>
  );
}

/** A generator: a circle with G and a sine mark, outlined in its status tone. */
export function GeneratorSymbol({ x, y, tone }: { x: number; y: number; tone: Tone }) {
  return (
    <g>
      <circle
        cx={x}
        cy={y}
        r={24}
        className={classes.symbol}
        style={{ stroke: TONE_TEXT[tone], fill: tone === 'good' ? TONE_SURFACE.good : undefined }}
      />
      <text x={x} y={y - 4} className={classes.symbolText} style={{ fill: TONE_TEXT[tone] }}>
        G
      </text>
      <path
        d={`M${x - 8} ${y + 11} q4 -6 8 0 t8 0`}
        style={{ fill: 'none', stroke: TONE_TEXT[tone], strokeWidth: 1.5 }}
      />
    </g>
  );
}

/** The utility grid: a circle with a sine wave. */
export function GridSymbol({ x, y, tone }: { x: number; y: number; tone: Tone }) {
  return (
    <g>
      <circle cx={x} cy={y} r={24} className={classes.symbol} style={{ stroke: TONE_TEXT[tone] }} />
      <path
        d={`M${x - 13} ${y} q6.5 -11 13 0 t13 0`}
        style={{ fill: 'none', stroke: TONE_TEXT[tone], strokeWidth: 2 }}
      />
    </g>
  );
}

/** A two-winding transformer: two overlapping circles, both outlines visible. */
export function TransformerSymbol({ x, y }: { x: number; y: number }) {
  const style = { fill: 'none', stroke: TONE_TEXT.neutral, strokeWidth: 2 };
  return (
    <g>
      <circle cx={x} cy={y - 10} r={15} style={style} />
      <circle cx={x} cy={y + 10} r={15} style={style} />
    </g>
  );
}

/** A load: an arrow pointing down. */
export function LoadSymbol({ x, y, label }: { x: number; y: number; label: string }) {
  return (
    <g>
      <path
        d={`M${x - 12} ${y} L${x + 12} ${y} L${x} ${y + 18} Z`}
        style={{ fill: TONE_TEXT.neutral }}
      />
      <text x={x} y={y + 34} className={classes.caption}>
        {label}
      </text>
    </g>
  );
}

export function Wire({ points }: { points: readonly (readonly [number, number])[] }) {
  return (
    <polyline points={points.map(([x, y]) => `${x},${y}`).join(' ')} className={classes.wire} />
  );
}

/** A bus bar; its name sits above it, or below when wires arrive from above. */
export function Busbar({
  x1,
  x2,
  y,
  label,
  labelBelow = false,
}: {
  x1: number;
  x2: number;
  y: number;
  label?: string;
  labelBelow?: boolean;
}) {
  return (
    <g>
      <line x1={x1} y1={y} x2={x2} y2={y} className={classes.bus} />
      {label && (
        <text x={x1} y={labelBelow ? y + 20 : y - 10} className={classes.label}>
          {label}
        </text>
      )}
    </g>
  );
}

export interface BoxLine {
  label: string;
  value: string;
  tone?: Tone;
}

export const BOX_LINE_HEIGHT = 17;

export function boxHeight(lines: number): number {
  return 28 + lines * BOX_LINE_HEIGHT;
}

/**
 * A measurement box: a title, then label and value rows. A box with a `note`
 * (its device is stale or offline) is outlined dashed and its untoned values
 * are muted, the note as its tooltip.
 */
export function InfoBox({
  x,
  y,
  width,
  title,
  titleTone,
  lines,
  note = null,
}: {
  x: number;
  y: number;
  width: number;
  title: string;
  titleTone?: Tone;
  lines: readonly BoxLine[];
  note?: string | null;
}) {
  return (
    <g data-quality={note === null ? 'online' : 'not-current'}>
      {note !== null && <title>{note}</title>}
      <rect
        x={x}
        y={y}
        width={width}
        height={boxHeight(lines.length)}
        rx={4}
        className={classes.box}
        style={{
          stroke: titleTone ? TONE_BORDER[titleTone] : undefined,
          strokeDasharray: note === null ? undefined : '5 3',
        }}
      />
      <text x={x + 10} y={y + 18} className={classes.boxTitle}>
        {title}
      </text>
      {lines.map((line, i) => {
        const toned = line.tone !== undefined && line.tone !== 'neutral';
        return (
          <g key={line.label}>
            <text x={x + 10} y={y + 36 + i * BOX_LINE_HEIGHT} className={classes.label}>
              {line.label}
            </text>
            <text
              x={x + width - 10}
              y={y + 36 + i * BOX_LINE_HEIGHT}
              className={note !== null && !toned ? classes.valueNotCurrent : classes.value}
              style={toned && line.tone ? { fill: TONE_TEXT[line.tone] } : undefined}
            >
              {line.value}
            </text>
          </g>
        );
      })}
    </g>
  );
}
