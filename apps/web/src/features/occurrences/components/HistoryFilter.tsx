import { Checkbox, Group, Stack, Text } from '@mantine/core';
import type { OccurrenceFilters } from '../filters';
import { PeriodFields } from './PeriodFields';

interface Props {
  filters: OccurrenceFilters;
  onChange: (filters: OccurrenceFilters) => void;
  /** The period's validation message (spec 001 §5), shown under the fields. */
  problem: string | null;
}

/**
 * Spec 001 §3/§4 history filter: period (presets and a custom 'Periodo'),
 * event and alert flags (the text is the list's own filter box).
 */
export function HistoryFilter({ filters, onChange, problem }: Props) {
  const period = filters.period;
  if (!period) return null;
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodFields
          value={period}
          onChange={(next) => onChange({ ...filters, period: next })}
          problem={problem}
          problemId="periodo-erro"
        />
        <Group gap="md" pb={8}>
          <Checkbox
            label="Alarmes"
            checked={filters.alarme}
            onChange={(event) => onChange({ ...filters, alarme: event.currentTarget.checked })}
          />
          <Checkbox
            label="Eventos"
            checked={filters.evento}
            onChange={(event) => onChange({ ...filters, evento: event.currentTarget.checked })}
          />
        </Group>
      </Group>
      {problem && (
        <Text id="periodo-erro" size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
