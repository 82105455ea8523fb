import { Button, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { MESSAGES } from '@vigia/domain';
import { ConfirmTargets } from '../../../ui/ConfirmTargets';
import { confirm } from '../../../ui/confirm';
import { useAcknowledgeOccurrences } from '../api/acknowledge-occurrences';
import { alarmTarget } from './alarmTarget';
import type { OccurrenceSelection } from './useOccurrenceSelection';

interface Props {
  selection: OccurrenceSelection;
}

/**
 * Spec 001 §4/§8: with none selected nothing happens; otherwise 'Atenção:'
 * asks 'Deseja realmente reconhecer esse(s) alarme(s)?', naming each alarm with
 * its equipment and site, and, on 'Sim', the selected ids are sent.
 */
export function AcknowledgeButton({ selection }: Props) {
  const acknowledge = useAcknowledgeOccurrences();
  const count = selection.ackIds.length;

  const onClick = async () => {
    const body = selection.request();
    if (!body) return;
    const message = (
      <Stack gap="xs">
        <Text size="sm">{MESSAGES.ackConfirm}</Text>
        <ConfirmTargets label="Alarmes a reconhecer" targets={selection.ackRows.map(alarmTarget)} />
      </Stack>
    );
    if (!(await confirm({ message }))) return;
    acknowledge.mutate(body, { onSettled: selection.clear });
  };

  return (
    <Button
      leftSection={<IconChecks size={16} aria-hidden />}
      onClick={onClick}
      loading={acknowledge.isPending}
      aria-disabled={count === 0 || undefined}
      variant={count === 0 ? 'default' : 'filled'}
      title={count === 0 ? 'Selecione os alarmes a reconhecer' : undefined}
    >
      {count > 0 ? `Reconhecer (${count})` : 'Reconhecer'}
    </Button>
  );
}
