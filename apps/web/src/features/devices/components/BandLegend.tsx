import { Group } from '@mantine/core';
import type { Tone } from '@vigia/domain';
import { StateBadge } from '../../../ui/StateBadge';
import classes from './BandLegend.module.css';

export interface Band {
  label: string;
  tone: Tone;
  count?: number;
}

/** The colour bands of a list ('Crítico', 'Atenção'), with how many rows fall in each. */
export function BandLegend({ bands }: { bands: readonly Band[] }) {
  return (
    <Group gap={6} component="ul" aria-label="Legenda" className={classes.list}>
      {bands.map((band) => (
        <li key={band.label}>
          <StateBadge tone={band.tone} size="md" tt="none">
            {band.label}
            {band.count !== undefined ? `: ${band.count}` : ''}
          </StateBadge>
        </li>
      ))}
    </Group>
  );
}
