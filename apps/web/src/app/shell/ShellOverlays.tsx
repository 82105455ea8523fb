import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container (spec 000 §8), loaded by the shell with the first
 * toast (MainLayout's ToastHost): until then toasts wait in the notifications store.
 */
export default function ShellOverlays() {
  return <Notifications position="top-right" limit={4} />;
}
