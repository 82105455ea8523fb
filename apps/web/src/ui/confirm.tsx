import { Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { MESSAGES } from '@vigia/domain';

interface ConfirmOptions {
  message: React.ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive or dangerous actions get a red confirm button. */
  danger?: boolean;
}

/** Spec 000 §8: a confirmation with header 'Atenção:' and buttons 'Sim'/'Não'. Resolves whether it was confirmed. */
export function confirm({
  message,
  confirmLabel = MESSAGES.yes,
  cancelLabel = MESSAGES.no,
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    openConfirmModal({
      title: MESSAGES.confirmHeader,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: danger ? { color: 'red' } : {},
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
