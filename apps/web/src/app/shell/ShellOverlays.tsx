import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { MESSAGES } from '@vigia/domain';

/** Toasts (spec 000 §8) and the confirmation dialogs of ui/confirm for every screen of the main groups. */
export function ShellOverlays({ children }: { children: React.ReactNode }) {
  return (
    <ModalsProvider labels={{ confirm: MESSAGES.yes, cancel: MESSAGES.no }}>
      <Notifications position="top-right" limit={4} />
      {children}
    </ModalsProvider>
  );
}
