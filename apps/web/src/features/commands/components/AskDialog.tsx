import { Button, Group, Stack } from '@mantine/core';
import { MESSAGES } from '@vigia/domain';
import { CommandDialog } from './CommandDialog';

interface Props {
  opened: boolean;
  children: React.ReactNode;
  /** Default 'Sim' / 'Não' (spec 000 §8). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A dangerous action: a red confirm button. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

/** A question of the command panel with header 'Atenção:'; the cancel button has the focus. */
export function AskDialog({
  opened,
  children,
  confirmLabel = MESSAGES.yes,
  cancelLabel = MESSAGES.no,
  danger = false,
  onConfirm,
  onCancel,
  testId,
}: Props) {
  return (
    <CommandDialog opened={opened} onClose={onCancel} title={MESSAGES.confirmHeader}>
      <Stack gap="sm" data-testid={testId}>
        {children}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </CommandDialog>
  );
}
