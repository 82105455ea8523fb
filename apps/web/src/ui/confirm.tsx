import { Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { loadOverlays, useOverlays } from './deferredOverlays';

interface ConfirmOptions {
  message: React.ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive or dangerous actions get a red confirm button. */
  danger?: boolean;
}

interface Request extends ConfirmOptions {
  answer: (confirmed: boolean) => void;
}

// Questions asked and not yet answered, first shown first; ConfirmHost draws the first.
let queue: readonly Request[] = [];
const listeners = new Set<() => void>();

function setQueue(next: readonly Request[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Spec 000 §8: a confirmation with header 'Atenção:' and buttons 'Sim'/'Não'
 * (ui/AskDialog). Resolves whether it was confirmed; closing it is a 'Não'.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  void loadOverlays();
  return new Promise((resolve) => {
    const request: Request = {
      ...options,
      answer: (confirmed) => {
        setQueue(queue.filter((r) => r !== request));
        resolve(confirmed);
      },
    };
    setQueue([...queue, request]);
  });
}

/** Draws the pending confirmation, once the floating parts are loaded (ui/deferredOverlays). */
export function ConfirmHost() {
  const overlays = useOverlays();
  const current = useSyncExternalStore(subscribe, () => queue[0]);
  if (!overlays || !current) return null;
  const { AskDialog } = overlays;
  return (
    <AskDialog
      opened
      danger={current.danger}
      confirmLabel={current.confirmLabel}
      cancelLabel={current.cancelLabel}
      onConfirm={() => current.answer(true)}
      onCancel={() => current.answer(false)}
      testId="confirm-dialog"
    >
      {typeof current.message === 'string' ? (
        <Text size="sm">{current.message}</Text>
      ) : (
        current.message
      )}
    </AskDialog>
  );
}
