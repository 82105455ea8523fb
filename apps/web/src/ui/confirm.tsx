import { Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { MESSAGES } from '@vigia/domain';

let overlaysReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  overlaysReady = resolve;
});

/** Called once the dialogs' provider is mounted (it loads after the shell's first paint). */
export function markOverlaysReady(): void {
  overlaysReady();
}

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
  return ready.then(
    () =>
      new Promise<boolean>((resolve) => {
        openConfirmModal({
          title: MESSAGES.confirmHeader,
          children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
          labels: { confirm: confirmLabel, cancel: cancelLabel },
          confirmProps: danger ? { color: 'red' } : {},
          onConfirm: () => resolve(true),
          onCancel: () => resolve(false),
          onClose: () => resolve(false),
        });
      }),
  );
}
