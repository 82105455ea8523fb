import { ActionIcon, NavLink, Stack, Text } from '@mantine/core';
import { IconChartLine, IconPin, IconPinnedOff, IconReport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import { listaTiposQueryOptions } from '../../features/cluster/api/get-lista-tipos';
import { NavCounters } from '../../features/counters/components/NavCounters';
import type { RouteParams } from '../../lib/navigation';
import { useUserInfo } from '../../lib/user/get-user-info';
import { DeferredTooltip } from '../../ui/deferredOverlays';
import {
  hasPresets,
  OWN_REPORT_ROUTES,
  type PresetLink,
  type PresetLinks,
  usePresetLinks,
} from '../compose/presetLinks';
import { routePath } from '../router/links';
import { MOUNTED_ROUTES, type RouteGroup } from '../router/routeTable';
import { navIcon } from './navIcons';
import { offeredTo, type SystemOffer, systemOffer } from './navRequirements';
import classes from './SideNav.module.css';

interface Props {
  group: RouteGroup;
  params: RouteParams;
  /** Icons only (the rail). */
  collapsed: boolean;
  pinned: boolean;
  /** Pinning makes no sense for the xs drawer. */
  canPin: boolean;
  onTogglePinned: () => void;
  /** The counters' calls start once the screen has loaded. */
  countersEnabled: boolean;
}

/** The group's side navigation: counters, then its mounted screens; the active one is marked. */
export function SideNav({
  group,
  params,
  collapsed,
  pinned,
  canPin,
  onTogglePinned,
  countersEnabled,
}: Props) {
  const { pathname } = useLocation();
  const sisId = Number(params.sisId);
  const offer = useSystemOffer(sisId, countersEnabled);
  const presets = usePresetLinks(group, params, countersEnabled && hasPresets(group));

  return (
    <>
      <div className={classes.scroll}>
        <Stack gap={4} p="xs">
          {Number.isInteger(sisId) && (
            <NavCounters sisId={sisId} collapsed={collapsed} enabled={countersEnabled} />
          )}
          <NavItems
            group={group}
            params={params}
            collapsed={collapsed}
            pathname={pathname}
            offer={offer}
            hidden={hiddenRoutes(presets)}
          />
          {presets && <PresetNav presets={presets} collapsed={collapsed} pathname={pathname} />}
        </Stack>
      </div>
      {canPin && (
        <div className={classes.footer}>
          <DeferredTooltip label={pinned ? 'Desafixar menu' : 'Fixar menu aberto'} position="right">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onTogglePinned}
              aria-pressed={pinned}
              aria-label="Fixar menu aberto"
              data-testid="nav-pin"
            >
              {pinned ? <IconPinnedOff size={20} aria-hidden /> : <IconPin size={20} aria-hidden />}
            </ActionIcon>
          </DeferredTooltip>
        </div>
      )}
    </>
  );
}

/**
 * What the system has, for the screens only some systems have. The device
 * totals are the cluster home's query, read once the screen has loaded.
 */
function useSystemOffer(sisId: number, enabled: boolean): SystemOffer | null {
  const system = Number.isInteger(sisId) && sisId > 0;
  const user = useUserInfo();
  const tipos = useQuery({ ...listaTiposQueryOptions(sisId), enabled: enabled && system });
  if (!system) return null;
  return systemOffer(
    user.data?.sistemas.find((s) => s.id === sisId),
    user.data ? tipos.data : undefined,
  );
}

/** A site's own report screens (horímetro, informações operacionais) it has no preset for. */
function hiddenRoutes(presets: PresetLinks | undefined): string {
  if (!presets) return '';
  return Object.values(OWN_REPORT_ROUTES)
    .filter((route) => !presets.ownReportRoutes.has(route))
    .join(' ');
}

interface NavLinkItemProps {
  id: string;
  label: string;
  href: string;
  Icon: ReturnType<typeof navIcon>;
  active: boolean;
  collapsed: boolean;
}

/** One entry: its label in the expanded navigation, its icon named in a tooltip in the rail. */
function NavLinkItem({ id, label, href, Icon, active, collapsed }: NavLinkItemProps) {
  const link = (
    <NavLink
      key={id}
      component={Link}
      to={href}
      active={active}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? label : undefined}
      label={collapsed ? null : label}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      className={classes.link}
      variant="light"
    />
  );
  return collapsed ? (
    <DeferredTooltip key={id} label={label} position="right">
      {link}
    </DeferredTooltip>
  ) : (
    link
  );
}

/** The chart and report presets of the site, plant or SCD on screen. */
function PresetNav({
  presets,
  collapsed,
  pathname,
}: {
  presets: PresetLinks;
  collapsed: boolean;
  pathname: string;
}) {
  const section = (title: string, links: readonly PresetLink[], Icon: ReturnType<typeof navIcon>) =>
    links.length > 0 && (
      <nav aria-label={title}>
        {!collapsed && (
          <Text size="xs" fw={600} c="gray.7" px="sm" pt="xs" pb={2} tt="uppercase">
            {title}
          </Text>
        )}
        {links.map((l) => (
          <NavLinkItem
            key={l.key}
            id={l.key}
            label={l.nome}
            href={l.href}
            Icon={Icon}
            active={pathname === l.href}
            collapsed={collapsed}
          />
        ))}
      </nav>
    );
  return (
    <>
      {section('Gráficos', presets.charts, IconChartLine)}
      {section('Relatórios', presets.reports, IconReport)}
    </>
  );
}

interface NavItemsProps {
  group: RouteGroup;
  params: RouteParams;
  collapsed: boolean;
  pathname: string;
  /** What the system has; null: the client-systems group, whose screens span every system. */
  offer: SystemOffer | null;
  /** Route ids left out, space-separated (a site's report screens it has no preset for). */
  hidden: string;
}

function sameParams(a: RouteParams, b: RouteParams): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function sameOffer(a: SystemOffer | null, b: SystemOffer | null): boolean {
  return a === b || (a !== null && b !== null && a.recursos === b.recursos && a.tipos === b.tipos);
}

/**
 * The group's screens. Memoized: the shell re-renders while the first screen
 * loads (user info, page title, counters) and the list does not change then.
 */
const NavItems = memo(
  function NavItems({ group, params, collapsed, pathname, offer, hidden }: NavItemsProps) {
    const left = new Set(hidden.split(' '));
    const items = MOUNTED_ROUTES.filter(
      (route) =>
        route.group === group &&
        route.nav &&
        !left.has(route.id) &&
        (!offer || offeredTo(route, offer)),
    ).flatMap((route) => {
      const href = routePath(route, params);
      return href ? [{ route, href }] : [];
    });
    return (
      <nav aria-label="Menu do sistema">
        {items.map(({ route, href }) => (
          <NavLinkItem
            key={route.id}
            id={route.id}
            label={route.label}
            href={href}
            Icon={navIcon(route.id)}
            active={pathname === href || pathname.startsWith(`${href}/`)}
            collapsed={collapsed}
          />
        ))}
      </nav>
    );
  },
  (a, b) =>
    a.group === b.group &&
    a.collapsed === b.collapsed &&
    a.pathname === b.pathname &&
    a.hidden === b.hidden &&
    sameOffer(a.offer, b.offer) &&
    sameParams(a.params, b.params),
);
