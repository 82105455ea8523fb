import { Badge, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBattery2,
  IconEngine,
  IconGauge,
  type IconProps,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { TONE_COLOR } from '../../../ui/tone';
import { useActiveAlarmCount } from '../api/get-active-alarm-count';
import { useBatteryCount } from '../api/get-battery-count';
import { useLoadSpeedCount } from '../api/get-loadspeed-count';
import { usePowerCount } from '../api/get-power-count';
import classes from './NavCounters.module.css';

interface CounterDef {
  key: string;
  label: string;
  icon: ComponentType<IconProps>;
  useCount: (sisId: number) => UseQueryResult<number>;
  /** Screen the counter opens, when mounted. */
  routeId: string;
}

const COUNTERS: CounterDef[] = [
  {
    key: 'alarms',
    label: 'Alarmes ativos',
    icon: IconAlertTriangle,
    useCount: useActiveAlarmCount,
    routeId: 'main.cluster.ocorrencias',
  },
  {
    key: 'loadspeed',
    label: 'LoadSpeed',
    icon: IconGauge,
    useCount: useLoadSpeedCount,
    routeId: 'main.cluster.loadspeed',
  },
  {
    key: 'power',
    label: 'Potência',
    icon: IconEngine,
    useCount: usePowerCount,
    routeId: 'main.cluster.potencias',
  },
  {
    key: 'battery',
    label: 'Baterias',
    icon: IconBattery2,
    useCount: useBatteryCount,
    routeId: 'main.cluster.baterias',
  },
];

interface Props {
  sisId: number;
  collapsed: boolean;
}

/**
 * Side-bar counters (spec 001 §2): each one shows only when its call answers;
 * a counter the server does not offer stays hidden rather than showing a guess.
 */
export function NavCounters({ sisId, collapsed }: Props) {
  return (
    <Stack gap={2} className={classes.list}>
      {COUNTERS.map((counter) => (
        <Counter key={counter.key} def={counter} sisId={sisId} collapsed={collapsed} />
      ))}
    </Stack>
  );
}

function Counter({
  def,
  sisId,
  collapsed,
}: {
  def: CounterDef;
  sisId: number;
  collapsed: boolean;
}) {
  const { data } = def.useCount(sisId);
  const links = useRouteLinks();
  if (data === undefined) return null;
  const Icon = def.icon;
  const tone = def.key === 'alarms' && data > 0 ? 'bad' : data > 0 ? 'warning' : 'neutral';
  const href = links.hrefFor(def.routeId, { sisId });
  const text = `${def.label}: ${data}`;
  const content = (
    <Group gap="sm" wrap="nowrap" className={classes.row} data-testid={`counter-${def.key}`}>
      <Icon size={20} stroke={1.6} aria-hidden />
      {!collapsed && (
        <Text size="sm" className={classes.label}>
          {def.label}
        </Text>
      )}
      <Badge
        color={TONE_COLOR[tone]}
        variant={data > 0 ? 'filled' : 'light'}
        size="sm"
        className={classes.badge}
      >
        {data}
      </Badge>
    </Group>
  );
  return (
    <Tooltip label={text} position="right" disabled={!collapsed}>
      {href ? (
        <UnstyledButton component={Link} to={href} aria-label={text} className={classes.item}>
          {content}
        </UnstyledButton>
      ) : (
        <div className={classes.item} role="status" aria-label={text}>
          {content}
        </div>
      )}
    </Tooltip>
  );
}
