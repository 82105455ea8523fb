import { ActionIcon, NavLink, Stack } from '@mantine/core';
import { IconPin, IconPinnedOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import { listaTiposQueryOptions } from '../../features/cluster/api/get-lista-tipos';
import { NavCounters } from '../../features/counters/components/NavCounters';
import type { RouteParams } from '../../lib/navigation';
import { useUserInfo } from '../../lib/user/get-user-info';
import { DeferredTooltip } from '../../ui/deferredOverlays';
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
          />
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

interface NavItemsProps {
  group: RouteGroup;
  params: RouteParams;
  collapsed: boolean;
  pathname: string;
  /** What the system has; null: the client-systems group, whose screens span every system. */
  offer: SystemOffer | null;
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
  function NavItems({ group, params, collapsed, pathname, offer }: NavItemsProps) {
    const items = MOUNTED_ROUTES.filter(
      (route) => route.group === group && route.nav && (!offer || offeredTo(route, offer)),
    ).flatMap((route) => {
      const href = routePath(route, params);
      return href ? [{ route, href }] : [];
    });
    return (
      <nav aria-label="Menu do sistema">
        {items.map(({ route, href }) => {
          const Icon = navIcon(route.id);
          const active = pathname === href || pathname.startsWith(`${href}/`);
          const link = (
            <NavLink
              key={route.id}
              component={Link}
              to={href}
              active={active}
              aria-current={active ? 'page' : undefined}
              aria-label={collapsed ? route.label : undefined}
              label={collapsed ? null : route.label}
              leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
              className={classes.link}
              variant="light"
            />
          );
          // Labels show in the expanded navigation; the rail names its icons in tooltips.
          return collapsed ? (
            <DeferredTooltip key={route.id} label={route.label} position="right">
              {link}
            </DeferredTooltip>
          ) : (
            link
          );
        })}
      </nav>
    );
  },
  (a, b) =>
    a.group === b.group &&
    a.collapsed === b.collapsed &&
    a.pathname === b.pathname &&
    sameOffer(a.offer, b.offer) &&
    sameParams(a.params, b.params),
);
