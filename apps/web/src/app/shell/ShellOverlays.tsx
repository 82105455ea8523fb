import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container (spec 000 §8), loaded beside the shell, off the first
 * paint: a toast shown earlier waits in the notifications store.
 */
export default function ShellOverlays() {
  return <Notifications position="top-right" limit={4} />;
}
