import { Button } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { ackConfirmMessage } from '@vigia/domain';
import { confirm } from '../../../ui/confirm';
import { useAcknowledgeOccurrences } from '../api/acknowledge-occurrences';
import type { OccurrenceSelection } from './useOccurrenceSelection';

interface Props {
  selection: OccurrenceSelection;
}

/**
 * Spec 001 §4/§8: with none selected nothing happens; otherwise 'Atenção:'
 * asks 'Deseja realmente reconhecer esse(s) alarme(s)?' in its plural form and,
 * on 'Sim', the selected ids are sent.
 */
export function AcknowledgeButton({ selection }: Props) {
  const acknowledge = useAcknowledgeOccurrences();
  const count = selection.ackIds.length;

  const onClick = async () => {
    const body = selection.request();
    if (!body) return;
    if (!(await confirm({ message: ackConfirmMessage(body.ids.length) }))) return;
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
