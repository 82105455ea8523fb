import { Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { MESSAGES } from '@vigia/domain';
import { useEffect, useState } from 'react';
import { loadOverlays, useOverlays } from './deferredOverlays';

interface ConfirmOptions {
  message: React.ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive or dangerous actions get a red confirm button. */
  danger?: boolean;
}

// Set while a ConfirmHost is mounted: resolves once its modals provider listens.
let hostReady: (() => Promise<void>) | null = null;

/** Spec 000 §8: a confirmation with header 'Atenção:' and buttons 'Sim'/'Não'. Resolves whether it was confirmed. */
export async function confirm({
  message,
  confirmLabel = MESSAGES.yes,
  cancelLabel = MESSAGES.no,
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  if (hostReady) await hostReady();
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

function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

/**
 * The confirmations' modals provider, mounted by the shell once the floating
 * parts are loaded (ui/deferredOverlays); a confirm() asked earlier loads them
 * and waits for it.
 */
export function ConfirmHost() {
  const overlays = useOverlays();
  const [ready] = useState(() => {
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  });
  useEffect(() => {
    const wait = async () => {
      await loadOverlays();
      await ready.promise;
    };
    hostReady = wait;
    return () => {
      if (hostReady === wait) hostReady = null;
    };
  }, [ready]);
  if (!overlays) return null;
  const { ModalsProvider } = overlays;
  return (
    <>
      {/* Confirmation dialogs ('Atenção:', 'Sim'/'Não'). */}
      <ModalsProvider labels={{ confirm: MESSAGES.yes, cancel: MESSAGES.no }} />
      {/* After the provider: its effect runs once the provider's listeners are in place. */}
      <Ready onReady={ready.resolve} />
    </>
  );
}
