import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Group } from '@mantine/core';
import type { OccurrenceFilters } from '../filters';
import { PeriodFields } from './PeriodFields';

interface Props {
  filters: OccurrenceFilters;
  onChange: (filters: OccurrenceFilters) => void;
  /** The period's validation message (spec 001 §5); the page shows it with id `problemId`. */
  problem: string | null;
  problemId: string;
}

/**
 * Spec 001 §3/§4 history filter: period (presets and a custom 'Periodo'),
 * alert and event flags (the text is the list's own filter box).
 */
export function HistoryFilter({ filters, onChange, problem, problemId }: Props) {
  const period = filters.period;
  if (!period) return null;
  return (
    <>
      <PeriodFields
        value={period}
        onChange={(next) => onChange({ ...filters, period: next })}
        problem={problem}
        problemId={problemId}
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
    </>
  );
}
