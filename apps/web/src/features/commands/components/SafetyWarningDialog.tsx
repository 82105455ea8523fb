import { Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@vigia/domain';
import { CommandDialog } from './CommandDialog';

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
    <CommandDialog opened={opened} onClose={onCancel} title={MESSAGES.confirmHeader}>
      <Stack gap="sm" data-testid="command-safety-dialog">
        <Text size="sm" fw={600}>
          {comando}
        </Text>
        <Text size="sm">{MESSAGES.commandSafetyWarning}</Text>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {MESSAGES.commandSafetyCancel}
          </Button>
          <Button color="red" onClick={onSend}>
            {MESSAGES.commandSafetySend}
          </Button>
        </Group>
      </Stack>
    </CommandDialog>
  );
}
