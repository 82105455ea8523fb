import { Stack, Text } from '@mantine/core';
import classes from './ConfirmTargets.module.css';

/** One thing a confirmation acts on, by its names: [['Alarme', 'Falha de rede'], ['Site', '…']]. */
export interface ConfirmTarget {
  key: string | number;
  fields: readonly (readonly [label: string, value: string])[];
}

interface Props {
  /** The list's accessible name ('Alarmes a reconhecer'). */
  label: string;
  targets: readonly ConfirmTarget[];
  /** Shown by name; the rest is counted. */
  max?: number;
}

/**
 * What a confirmation acts on, named: the first field in bold (the alarm, the
 * command), the others with their label (equipment, device, site).
 */
export function ConfirmTargets({ label, targets, max = 5 }: Props) {
  const shown = targets.slice(0, max);
  const more = targets.length - shown.length;
  return (
    <Stack component="ul" gap={6} aria-label={label} className={classes.list}>
      {shown.map((target) => (
        <li key={target.key} className={classes.item}>
          {target.fields.map(([name, value], index) => (
            <Text key={name} size="sm" fw={index === 0 ? 600 : undefined}>
              {index === 0 ? value : `${name}: ${value}`}
            </Text>
          ))}
        </li>
      ))}
      {more > 0 && (
        <li className={classes.item}>
          <Text size="sm" c="gray.7">
            e mais {more}
          </Text>
        </li>
      )}
    </Stack>
  );
}
