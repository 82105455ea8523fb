import { Text } from '@mantine/core';
import { MESSAGES } from '@vigia/domain';
import { AskDialog } from '../../../ui/AskDialog';
import { ConfirmTargets } from '../../../ui/ConfirmTargets';

interface Props {
  opened: boolean;
  /** The command about to be sent. */
  comando: string;
  /** The device it goes to and its site, by name. */
  dispositivo: string;
  site: string;
  onSend: () => void;
  onCancel: () => void;
}

/**
 * Spec 001 §8: the safety warning before a remote command (injury or death),
 * 'Enviar' / 'Cancelar'; it names the command, the device and its site.
 */
export function SafetyWarningDialog({
  opened,
  comando,
  dispositivo,
  site,
  onSend,
  onCancel,
}: Props) {
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
      <ConfirmTargets
        label="Comando a enviar"
        targets={[
          {
            key: comando,
            fields: [
              ['Comando', comando],
              ['Dispositivo', dispositivo],
              ['Site', site],
            ],
          },
        ]}
      />
      <Text size="sm">{MESSAGES.commandSafetyWarning}</Text>
    </AskDialog>
  );
}
