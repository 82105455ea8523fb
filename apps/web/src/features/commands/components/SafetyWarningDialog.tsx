import { Text } from '@mantine/core';
import { MESSAGES } from '@vigia/domain';
import { AskDialog } from '../../../ui/AskDialog';

interface Props {
  opened: boolean;
  /** The command about to be sent. */
  comando: string;
  onSend: () => void;
  onCancel: () => void;
}

/** Spec 001 §8: the safety warning before a remote command (injury or death), 'Enviar' / 'Cancelar'. */
export function SafetyWarningDialog({ opened, comando, onSend, onCancel }: Props) {
  return (
    <AskDialog
      opened={opened}
      confirmLabel={MESSAGES.commandSafetySend}
      cancelLabel={MESSAGES.commandSafetyCancel}
      danger
      onConfirm={onSend}
      onCancel={onCancel}
      testId="command-safety-dialog"
    >
      <Text size="sm" fw={600}>
        {comando}
      </Text>
      <Text size="sm">{MESSAGES.commandSafetyWarning}</Text>
    </AskDialog>
  );
}
