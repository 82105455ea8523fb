import { Button } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { notificationsSupported } from './useCriticalAlarmNotifications';

/**
 * Asks the browser for notification permission when the user presses it
 * (never on load); hidden once the user has decided or where unsupported.
 */
export function NotificationPermissionButton() {
  const [permission, setPermission] = useState(() =>
    notificationsSupported() ? Notification.permission : 'denied',
  );
  if (permission !== 'default') return null;
  return (
    <Button
      variant="default"
      leftSection={<IconBell size={16} aria-hidden />}
      onClick={async () => setPermission(await Notification.requestPermission())}
      title="Receber uma notificação do navegador a cada novo alarme crítico"
    >
      Ativar notificações
    </Button>
  );
}
