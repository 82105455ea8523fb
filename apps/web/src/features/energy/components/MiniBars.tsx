import type { EnergyCard } from '@vigia/contract';
import { energyValue, formatDate } from '@vigia/domain';
import { formatKwh } from './energyFormat';

/** Inside a card 200 wide (spec 000 §9) with its padding and border. */
export const MINI_BARS_WIDTH = 168;
export const MINI_BARS_HEIGHT = 48;

interface Props {
  energia: EnergyCard['energia'];
  width?: number;
  height?: number;
  label: string;
}

/**
 * The period's days as grey bars (a day without readings leaves a gap and a
 * dash under it). The values are also in the card and the table; the figure
 * carries them in its accessible name.
 */
export function MiniBars({
  energia,
  width = MINI_BARS_WIDTH,
  height = MINI_BARS_HEIGHT,
  label,
}: Props) {
  const values = energia.map((p) => energyValue(p.valor));
  const max = Math.max(0, ...values.map((v) => v ?? 0));
  const step = energia.length > 0 ? width / energia.length : width;
  const description = energia
    .map((p) => `${formatDate(p.ts).slice(0, 5)}: ${formatKwh(p.valor)}`)
    .join('; ');
  return (
    <svg
      width={width}
      height={height}
      role="img"
      aria-label={`${label}: ${description}`}
      style={{ display: 'block' }}
    >
      {values.map((v, i) => {
        const x = i * step + 1;
        const key = energia[i]?.ts ?? i;
        if (v === null) {
          return (
            <rect
              key={key}
              x={x}
              y={height - 2}
              width={Math.max(step - 2, 1)}
              height={2}
              fill="#ced4da"
            />
          );
        }
        const h = max > 0 ? Math.max(1, (v / max) * (height - 2)) : 1;
        return (
          <rect
            key={key}
            x={x}
            y={height - h}
            width={Math.max(step - 2, 1)}
            height={h}
            fill="#868e96"
          />
        );
      })}
    </svg>
  );
}
