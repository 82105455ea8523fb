import { Button, Text } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import type { Sistema, UserInfo } from '@vigia/contract';
import { useNavigate } from 'react-router';
import { useOverlays } from '../../ui/deferredOverlays';
import { systemHomeHref } from '../router/links';
import { useEarlyTrigger } from './useEarlyTrigger';

interface Props {
  user: UserInfo | undefined;
  sistema: Sistema | undefined;
}

/** The system on display; users with several systems switch here. */
export function SystemSwitcher({ user, sistema }: Props) {
  const navigate = useNavigate();
  const overlays = useOverlays();
  const early = useEarlyTrigger();
  if (!sistema) return null;
  const others = user?.sistemas ?? [];
  if (others.length <= 1) {
    return (
      <Text size="sm" fw={600} c="gray.8" truncate="end">
        {sistema.nome}
      </Text>
    );
  }
  const trigger = (
    <Button
      variant="subtle"
      color="gray"
      rightSection={<IconSelector size={16} aria-hidden />}
      aria-label={`${sistema.nome}: trocar de sistema`}
      px="xs"
      styles={{ label: { maxWidth: '40vw', overflow: 'hidden', textOverflow: 'ellipsis' } }}
      {...(overlays ? early.targetProps : early.placeholderProps)}
    >
      {sistema.nome}
    </Button>
  );
  if (!overlays) return trigger;
  const { Menu } = overlays;
  return (
    <Menu position="bottom-start" shadow="md" width={280} defaultOpened={early.openOnLoad}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown mah={400} style={{ overflowY: 'auto' }}>
        <Menu.Label>Trocar de sistema</Menu.Label>
        {others.map((s) => (
          <Menu.Item
            key={s.id}
            onClick={() => navigate(systemHomeHref(s))}
            disabled={s.id === sistema.id}
          >
            <Text size="sm">{s.nome}</Text>
            <Text size="xs" c="gray.7">
              {s.empresa}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
