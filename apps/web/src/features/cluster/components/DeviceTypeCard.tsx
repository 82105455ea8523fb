import { Group, Paper, Stack, Text } from '@mantine/core';
import type { TipoTotal } from '@vigia/contract';
import { deviceCountTone } from '@vigia/domain';
import { Link } from 'react-router';
import { StateBadge } from '../../../ui/StateBadge';
import classes from './DeviceTypeCard.module.css';

interface Props {
  totals: TipoTotal;
  label: string;
  /** The type's list; null while that screen is not mounted. */
  href: string | null;
}

/** One device type of the cluster home: total, online and with alarm. */
export function DeviceTypeCard({ totals, label, href }: Props) {
  const offline = totals.total - totals.online;
  // A link is named by its visible text; a plain card gets the same facts as its label.
  const description = `${label}: ${totals.total} no total, ${totals.online} online, ${offline} offline, ${totals.comAlarme} com alarme`;
  const body = (
    <Stack gap="xs">
      <Text fw={600} size="sm" c="gray.8" className={classes.title}>
        {label}
      </Text>
      <Group align="baseline" gap={6}>
        <Text className={classes.total}>{totals.total}</Text>
        <Text size="xs" c="gray.7">
          {totals.total === 1 ? 'dispositivo' : 'dispositivos'}
        </Text>
      </Group>
      <Group gap={6}>
        <StateBadge tone={deviceCountTone('online', totals.online)}>
          {totals.online} online
        </StateBadge>
        {offline > 0 && (
          <StateBadge tone={deviceCountTone('offline', offline)}>{offline} offline</StateBadge>
        )}
        <StateBadge tone={deviceCountTone('alarm', totals.comAlarme)}>
          {totals.comAlarme} com alarme
        </StateBadge>
      </Group>
    </Stack>
  );
  if (!href) {
    return (
      <Paper withBorder p="md" className={classes.card} aria-label={description} role="group">
        {body}
      </Paper>
    );
  }
  return (
    <Paper
      withBorder
      p="md"
      component={Link}
      to={href}
      className={`${classes.card} ${classes.link}`}
    >
      {body}
    </Paper>
  );
}
