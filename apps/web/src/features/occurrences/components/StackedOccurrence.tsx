import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import type { OccurrenceRow } from '@vigia/contract';
import { formatDateTime, formatText, siteWithUf } from '@vigia/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { stateLabel } from './occurrenceColumns';
import classes from './StackedOccurrence.module.css';

interface Props {
  row: OccurrenceRow;
  /** The device's site page, when the user can open it. */
  siteHref: string | null;
  /** Drawn at the end of the first line (the details button). */
  action?: ReactNode;
}

/** Height of a stacked alarm row on a phone: three lines and their padding. */
export const STACKED_OCCURRENCE_HEIGHT = 86;

/**
 * An alarm on a phone (issue 27): its state; its name and criticality;
 * equipment, site and activation time — what the desktop spreads over columns.
 * The row's colour still says the state.
 */
export function StackedOccurrence({ row, siteHref, action }: Props) {
  const equipment = formatText(row.patrimonio);
  return (
    <div>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" fw={600} truncate flex={1}>
          {stateLabel(row)}
        </Text>
        {action}
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} truncate flex={1}>
          {formatText(row.nomeAlarme)}
        </Text>
        <Text size="xs" className={classes.criticality} title={`Criticidade ${row.critico}`}>
          <VisuallyHidden>Criticidade </VisuallyHidden>
          {row.critico}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" truncate flex={1}>
          {siteHref ? (
            <Anchor component={Link} to={siteHref} size="xs" c="gray.9" underline="always">
              {equipment}
            </Anchor>
          ) : (
            equipment
          )}
          {' · '}
          {formatText(siteWithUf(row.localNome, row.uf))}
        </Text>
        <Text size="xs" className={classes.time}>
          {formatDateTime(row.horaAtivacao)}
        </Text>
      </Group>
    </div>
  );
}

/** The stacked row as plain text, for its tooltip. */
export function stackedOccurrenceText(row: OccurrenceRow): string {
  return [
    stateLabel(row),
    `Criticidade ${row.critico}`,
    formatDateTime(row.horaAtivacao),
    formatText(row.nomeAlarme),
    formatText(row.patrimonio),
    formatText(siteWithUf(row.localNome, row.uf)),
  ].join(' · ');
}
