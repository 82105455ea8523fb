import { notifications } from '@mantine/notifications';

// Mantine's close button has no text of its own (axe: button-name), and its dimmed
// description is below the 4.5:1 contrast on white (axe: color-contrast).
const closeButtonProps = { 'aria-label': 'Fechar aviso' };
const styles = { description: { color: 'var(--mantine-color-gray-8)' } };

// The text is the id: the same failure reported by several calls at once is one toast.
export function notifyError(message: string): void {
  notifications.show({
    id: `erro:${message}`,
    color: 'red',
    title: 'Erro',
    message,
    autoClose: 8000,
    closeButtonProps,
    styles,
  });
}

export function notifySuccess(message: string): void {
  notifications.show({
    id: `ok:${message}`,
    color: 'teal',
    message,
    autoClose: 4000,
    closeButtonProps,
    styles,
  });
}
