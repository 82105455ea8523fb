import '@mantine/core/styles/Skeleton.css';
import { Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBattery2,
  IconEngine,
  IconGauge,
  type IconProps,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatBadgeCount, type Tone } from '@vigia/domain';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { DeferredTooltip } from '../../../ui/deferredOverlays';
import { StateBadge } from '../../../ui/StateBadge';
import type { CounterValue } from '../api/countOf';
import { useActiveAlarmCount } from '../api/get-active-alarm-count';
import { useAnalysisCount } from '../api/get-analysis-count';
import classes from './NavCounters.module.css';

interface CounterDef {
  key: string;
  label: string;
  icon: ComponentType<IconProps>;
  useCount: (sisId: number, enabled: boolean) => UseQueryResult<CounterValue>;
  /** The screen the counter opens: for one system, and for all of them (system 0). */
  routeId: string;
  allSystemsRouteId: string;
}

const COUNTERS: CounterDef[] = [
  {
    key: 'alarms',
    label: 'Alarmes ativos',
    icon: IconAlertTriangle,
    useCount: useActiveAlarmCount,
    routeId: 'main.cluster.ocorrencias',
    allSystemsRouteId: 'main.clientes.ocorrencias',
  },
  {
    key: 'loadspeed',
    label: 'LoadSpeed',
    icon: IconGauge,
    useCount: (sisId, enabled) => useAnalysisCount('loadspeeds', sisId, enabled),
    routeId: 'main.cluster.loadspeed',
    allSystemsRouteId: 'main.clientes.loadspeed',
  },
  {
    key: 'power',
    label: 'Potência',
    icon: IconEngine,
    useCount: (sisId, enabled) => useAnalysisCount('potencias', sisId, enabled),
    routeId: 'main.cluster.potencias',
    allSystemsRouteId: 'main.clientes.geradores',
  },
  {
    key: 'battery',
    label: 'Baterias',
    icon: IconBattery2,
    useCount: (sisId, enabled) => useAnalysisCount('baterias', sisId, enabled),
    routeId: 'main.cluster.baterias',
    allSystemsRouteId: 'main.clientes.baterias',
  },
];

interface Props {
  /** 0: all the user's systems (customer home). */
  sisId: number;
  collapsed: boolean;
  /** False until the screen has loaded: the rows keep their place meanwhile. */
  enabled?: boolean;
}

/**
 * Side-bar counters (spec 001 §2), refreshed with the lists: each shows only
 * when its call answers; one the server does not offer stays hidden rather
 * than showing a guess.
 */
export function NavCounters({ sisId, collapsed, enabled = true }: Props) {
  return (
    <Stack gap={2} className={classes.list}>
      {COUNTERS.map((counter) => (
        <Counter
          key={counter.key}
          def={counter}
          sisId={sisId}
          collapsed={collapsed}
          enabled={enabled}
        />
      ))}
    </Stack>
  );
}

function toneOf({ count, critical }: CounterValue): Tone {
  if (critical > 0) return 'bad';
  return count > 0 ? 'warning' : 'neutral';
}

interface CounterProps {
  def: CounterDef;
  sisId: number;
  collapsed: boolean;
  enabled: boolean;
}

function Counter({ def, sisId, collapsed, enabled }: CounterProps) {
  const { data, isError } = def.useCount(sisId, enabled);
  const links = useRouteLinks();
  // A call the server does not answer hides its counter; a pending one keeps its place.
  if (isError && data === undefined) return null;
  if (data === undefined) {
    return <Skeleton height={24} my={6} mx={10} w={collapsed ? 24 : undefined} radius="sm" />;
  }
  const Icon = def.icon;
  const href = links.hrefFor(sisId === 0 ? def.allSystemsRouteId : def.routeId, { sisId });
  const text = `${def.label}: ${data.count}`;
  const badge = (
    <StateBadge
      tone={toneOf(data)}
      size={collapsed ? 'xs' : 'sm'}
      className={collapsed ? classes.railBadge : classes.badge}
      data-testid={`counter-${def.key}-badge`}
    >
      {formatBadgeCount(data.count)}
    </StateBadge>
  );
  const content = collapsed ? (
    <span className={classes.rail}>
      <Icon size={20} stroke={1.6} aria-hidden />
      {badge}
    </span>
  ) : (
    <Group gap="sm" wrap="nowrap" className={classes.row}>
      <Icon size={20} stroke={1.6} aria-hidden />
      <Text size="sm" className={classes.label}>
        {def.label}
      </Text>
      {badge}
    </Group>
  );
  const item = href ? (
    <UnstyledButton
      component={Link}
      to={href}
      aria-label={text}
      className={classes.item}
      data-testid={`counter-${def.key}`}
    >
      {content}
    </UnstyledButton>
  ) : (
    <div className={classes.item} aria-label={text} role="img" data-testid={`counter-${def.key}`}>
      {content}
    </div>
  );
  return collapsed ? (
    <DeferredTooltip label={text} position="right">
      {item}
    </DeferredTooltip>
  ) : (
    item
  );
}
