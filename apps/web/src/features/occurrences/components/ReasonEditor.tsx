import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { type HealthPlanRow, MAX_REASON_LENGTH } from '@vigia/contract';
import { formatDateTime, validateReason } from '@vigia/domain';
import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { useSaveHealthPlanReason } from '../api/save-health-plan-reason';

interface Props {
  row: HealthPlanRow | null;
  onClose: () => void;
}

/** The health-plan reason of one occurrence (`motivoEdit`, spec 001 §7/§8). */
export function ReasonEditor({ row, onClose }: Props) {
  return (
    <Dialog opened={row !== null} onClose={onClose} title="Motivo da ocorrência">
      {row && <ReasonForm key={row.id} row={row} onDone={onClose} />}
    </Dialog>
  );
}

function ReasonForm({ row, onDone }: { row: HealthPlanRow; onDone: () => void }) {
  const [text, setText] = useState(row.motivo ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveHealthPlanReason();

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const invalid = validateReason(text);
        setProblem(invalid);
        if (invalid) return;
        save.mutate({ id: row.id, motivoEdit: text.trim() }, { onSuccess: onDone });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {row.nomeAlarme} — {row.patrimonio} ({row.localNome}), {formatDateTime(row.horaAtivacao)}
        </Text>
        <Textarea
          label="Motivo"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={MAX_REASON_LENGTH}
          autosize
          minRows={3}
          maxRows={8}
          error={problem}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
