import { Alert, Button, Group, TextInput } from '@mantine/core';
import {
  endOfDaySec,
  formatIsoDate,
  type Period,
  parseIsoDate,
  startOfDaySec,
} from '@vigia/domain';
import { type FormEvent, useEffect, useState } from 'react';

interface Props {
  value: Period;
  onApply: (period: Period) => void;
  /** The applied period's message (spec 001 §5); shown, and the page loads nothing. */
  problem: string | null;
  problemId: string;
}

/** 'Data Inicial' and 'Data Final' as local days, applied together with 'Aplicar'. */
export function EnergyPeriodBar({ value, onApply, problem, problemId }: Props) {
  const [draft, setDraft] = useState(() => ({
    inicio: formatIsoDate(value.inicio),
    fim: formatIsoDate(value.fim),
  }));
  useEffect(() => {
    setDraft({ inicio: formatIsoDate(value.inicio), fim: formatIsoDate(value.fim) });
  }, [value.inicio, value.fim]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = parseIsoDate(draft.inicio);
    const end = parseIsoDate(draft.fim);
    if (start && end) onApply({ inicio: startOfDaySec(start), fim: endOfDaySec(end) });
  };
  const invalid = { error: Boolean(problem), 'aria-describedby': problem ? problemId : undefined };
  return (
    <form onSubmit={submit} aria-label="Período">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label="Data Inicial"
          value={draft.inicio}
          onChange={(e) => setDraft({ ...draft, inicio: e.currentTarget.value })}
          w={170}
          {...invalid}
        />
        <TextInput
          type="date"
          label="Data Final"
          value={draft.fim}
          onChange={(e) => setDraft({ ...draft, fim: e.currentTarget.value })}
          w={170}
          {...invalid}
        />
        <Button type="submit" variant="default">
          Aplicar
        </Button>
      </Group>
      {problem && (
        <Alert id={problemId} color="red" variant="light" role="alert" mt="sm">
          {problem}
        </Alert>
      )}
    </form>
  );
}
