import { Group, Text } from '@mantine/core';
import type { LineView } from './chartModel';
import classes from './TimeSeriesChart.module.css';

/** A line's name with its unit: 'Potência Ativa (kW)'. */
export function lineName(line: Pick<LineView, 'label' | 'unit'>): string {
  return line.unit ? `${line.label} (${line.unit})` : line.label;
}

/** The key of a chart with several lines: each line's colour, stroke, name and unit, always shown. */
export function ChartLegend({ lines }: { lines: readonly LineView[] }) {
  if (lines.length < 2) return null;
  return (
    <Group component="ul" aria-label="Legenda" gap="xs" className={classes.legend}>
      {lines.map((line) => (
        <li key={line.name} className={classes.legendItem}>
          <svg width="24" height="10" aria-hidden="true" className={classes.swatch}>
            {line.renderer === 'bar' ? (
              <rect x="6" y="0" width="12" height="10" fill={line.color} />
            ) : (
              <line
                x1="0"
                y1="5"
                x2="24"
                y2="5"
                stroke={line.color}
                strokeWidth="2.5"
                strokeDasharray={line.dash?.join(' ')}
              />
            )}
          </svg>
          <Text span size="sm" c="gray.8">
            {lineName(line)}
          </Text>
        </li>
      ))}
    </Group>
  );
}
