import { Avatar, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconInfoCircle, IconKey, IconLogout, IconSettings } from '@tabler/icons-react';
import type { Sistema, UserInfo } from '@vigia/contract';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { loginHref } from '../../lib/loginRoute';
import { logout } from '../../lib/session/logout';
import { useOverlays } from '../../ui/deferredOverlays';
import { routeLinks } from '../router/links';
import { useEarlyTrigger } from './useEarlyTrigger';

// The popups load when first opened.
const ChangePasswordModal = lazy(() =>
  import('../../features/account/components/ChangePasswordModal').then((m) => ({
    default: m.ChangePasswordModal,
  })),
);
const SystemInfoModal = lazy(() =>
  import('../../features/account/components/SystemInfoModal').then((m) => ({
    default: m.SystemInfoModal,
  })),
);

interface Props {
  user: UserInfo | undefined;
  sistema: Sistema | undefined;
}

function initials(nome: string): string {
  const parts = nome.trim().split(/\s+/);
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')
  ).toUpperCase();
}

/** Header popups (spec 001 §2): password change and system info; and logout. */
export function UserMenu({ user, sistema }: Props) {
  const [dialog, setDialog] = useState<'password' | 'info' | null>(null);
  const overlays = useOverlays();
  const early = useEarlyTrigger();
  const trigger = (
    <UnstyledButton
      // The name starts with the visible initials (WCAG 2.5.3, label in name).
      aria-label={user ? `${initials(user.nome)}: menu de ${user.nome}` : 'Menu do usuário'}
      data-testid="user-menu"
      {...(overlays ? early.targetProps : early.placeholderProps)}
    >
      <Avatar color="gray" radius="xl" size={34}>
        {user ? initials(user.nome) : null}
      </Avatar>
    </UnstyledButton>
  );
  if (!overlays) return trigger;
  const { Menu } = overlays;
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={220} defaultOpened={early.openOnLoad}>
        <Menu.Target>{trigger}</Menu.Target>
        <Menu.Dropdown>
          {user && (
            <Menu.Label>
              <Text size="sm" fw={600} c="gray.9">
                {user.nome}
              </Text>
              <Text size="xs" c="gray.7">
                {user.login}
              </Text>
            </Menu.Label>
          )}
          <Menu.Item
            leftSection={<IconKey size={16} aria-hidden />}
            onClick={() => setDialog('password')}
          >
            Alterar senha
          </Menu.Item>
          <Menu.Item
            leftSection={<IconInfoCircle size={16} aria-hidden />}
            onClick={() => setDialog('info')}
          >
            Informações do sistema
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={routeLinks.hrefFor('main.clientes.notificacoes') as string}
            leftSection={<IconBell size={16} aria-hidden />}
          >
            Notificações
          </Menu.Item>
          {(user?.administrador || user?.administradorPlataforma) && (
            <Menu.Item
              component={Link}
              to={routeLinks.hrefFor('main.clientes.administracao') as string}
              leftSection={<IconSettings size={16} aria-hidden />}
            >
              Administração
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => void logout({ redirectTo: `#${loginHref()}` })}
            data-testid="logout"
          >
            Sair
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {dialog === 'password' && <ChangePasswordModal opened onClose={() => setDialog(null)} />}
        {dialog === 'info' && (
          <SystemInfoModal opened onClose={() => setDialog(null)} user={user} sistema={sistema} />
        )}
      </Suspense>
    </>
  );
}
