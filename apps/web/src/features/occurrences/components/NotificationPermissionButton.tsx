import { ActionIcon, Button } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useIsMobile } from '../../../ui/table/useIsMobile';
import { notificationsSupported } from './useCriticalAlarmNotifications';

const HINT = 'Receber uma notificação do navegador a cada novo alarme crítico';

/**
 * Asks the browser for notification permission when the user presses it
 * (never on load); hidden once the user has decided or where unsupported.
 */
export function NotificationPermissionButton() {
  const mobile = useIsMobile();
  const [permission, setPermission] = useState(() =>
    notificationsSupported() ? Notification.permission : 'denied',
  );
  if (permission !== 'default') return null;
  const ask = async () => setPermission(await Notification.requestPermission());
  if (mobile) {
    return (
      <ActionIcon
        variant="default"
        size={36}
        aria-label="Ativar notificações"
        title={HINT}
        onClick={ask}
      >
        <IconBell size={18} aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <Button
      variant="default"
      leftSection={<IconBell size={16} aria-hidden />}
      onClick={ask}
      title={HINT}
    >
      Ativar notificações
    </Button>
  );
}
