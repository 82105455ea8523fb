import { notifications } from '@mantine/notifications';

// The text is the id: the same failure reported by several calls at once is one toast.
export function notifyError(message: string): void {
  notifications.show({
    id: `erro:${message}`,
    color: 'red',
    title: 'Erro',
    message,
    autoClose: 8000,
  });
}

export function notifySuccess(message: string): void {
  notifications.show({ id: `ok:${message}`, color: 'teal', message, autoClose: 4000 });
}
