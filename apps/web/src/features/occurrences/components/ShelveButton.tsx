import { Button, NativeSelect, Stack, Text } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import type { OccurrenceRow } from '@vigia/contract';
import { durationLabel, SHELVING_MESSAGES, shelveDurationChoices } from '@vigia/domain';
import { useState } from 'react';
import { ConfirmTargets } from '../../../ui/ConfirmTargets';
import { Dialog } from '../../../ui/Dialog';
import { useShelveLimits, useShelveOccurrences } from '../api/alarm-states';
import { alarmTarget } from './alarmTarget';
import { ReasonForm } from './ReasonForm';

interface Props {
  /** The selected alarms. */
  rows: readonly OccurrenceRow[];
  onDone: () => void;
}

const DEFAULT_SECONDS = 3600;

/**
 * ISA-18.2 shelving of the selected alarms: a dialog asks the reason (required)
 * and the duration, inside the server's limits (`API.alarmStates.shelveLimits`).
 */
export function ShelveButton({ rows, onDone }: Props) {
  const [opened, setOpened] = useState(false);
  const count = rows.length;
  return (
    <>
      <Button
        leftSection={<IconClockPause size={16} aria-hidden />}
        variant="default"
        aria-disabled={count === 0 || undefined}
        title={count === 0 ? 'Selecione os alarmes a suprimir' : undefined}
        onClick={() => {
          if (count > 0) setOpened(true);
        }}
      >
        {count > 0 ? `${SHELVING_MESSAGES.shelve} (${count})` : SHELVING_MESSAGES.shelve}
      </Button>
      <Dialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={SHELVING_MESSAGES.shelveTitle}
      >
        {opened && (
          <ShelveForm
            rows={rows}
            onDone={() => {
              setOpened(false);
              onDone();
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function ShelveForm({ rows, onDone }: Props) {
  const ids = rows.map((row) => row.id);
  const limits = useShelveLimits();
  const shelve = useShelveOccurrences();
  const [seconds, setSeconds] = useState<number | null>(null);

  if (limits.isPending) return <Text size="sm">Carregando…</Text>;
  if (limits.isError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        Não foi possível carregar as durações permitidas.
      </Text>
    );
  }
  const { minSegundos, maxSegundos } = limits.data;
  const choices = shelveDurationChoices(minSegundos, maxSegundos);
  const fallback =
    choices.find((c) => c.seconds === DEFAULT_SECONDS)?.seconds ?? choices[0]?.seconds ?? 0;
  const chosen = seconds ?? fallback;

  return (
    <Stack gap="sm">
      <ConfirmTargets label="Alarmes a suprimir" targets={rows.map(alarmTarget)} />
      <ReasonForm
        hint={`${
          ids.length === 1
            ? 'O alarme selecionado sai da lista de ativos e dos contadores'
            : `Os ${ids.length} alarmes selecionados saem da lista de ativos e dos contadores`
        } até o fim do prazo (no máximo ${durationLabel(maxSegundos)}) ou até serem retornados.`}
        submitLabel={SHELVING_MESSAGES.shelve}
        pending={shelve.isPending}
        onCancel={onDone}
        onSubmit={(motivo) =>
          shelve.mutate({ ids: [...ids], motivo, duracaoSegundos: chosen }, { onSuccess: onDone })
        }
      >
        <NativeSelect
          label={SHELVING_MESSAGES.duration}
          value={String(chosen)}
          data={choices.map((c) => ({ value: String(c.seconds), label: c.label }))}
          onChange={(event) => setSeconds(Number(event.currentTarget.value))}
        />
      </ReasonForm>
    </Stack>
  );
}
