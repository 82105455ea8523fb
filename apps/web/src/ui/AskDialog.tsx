import { Button, Group, Stack } from '@mantine/core';
import { MESSAGES } from '@vigia/domain';
import { Dialog } from './Dialog';

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

/** A question with header 'Atenção:' (spec 000 §8); the cancel button has the focus. */
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
    <Dialog opened={opened} onClose={onCancel} title={MESSAGES.confirmHeader}>
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
    </Dialog>
  );
}
