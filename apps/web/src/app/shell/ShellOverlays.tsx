import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { MESSAGES } from '@vigia/domain';
import { useEffect } from 'react';
import { markOverlaysReady } from '../../ui/confirm';

/**
 * Toasts (spec 000 §8) and the confirmation dialogs of ui/confirm. Loaded
 * beside the shell, off the first paint: toasts shown earlier wait in their
 * store, confirmations wait for `markOverlaysReady`.
 */
export default function ShellOverlays() {
  useEffect(markOverlaysReady, []);
  return (
    <>
      <ModalsProvider labels={{ confirm: MESSAGES.yes, cancel: MESSAGES.no }} />
      <Notifications position="top-right" limit={4} />
    </>
  );
}
