import { ActionIcon, NavLink, Stack } from '@mantine/core';
import { IconPin, IconPinnedOff } from '@tabler/icons-react';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import { NavCounters } from '../../features/counters/components/NavCounters';
import type { RouteParams } from '../../lib/navigation';
import { DeferredTooltip } from '../../ui/deferredOverlays';
import { routePath } from '../router/links';
import { MOUNTED_ROUTES, type RouteGroup } from '../router/routeTable';
import { navIcon } from './navIcons';
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

  return (
    <>
      <div className={classes.scroll}>
        <Stack gap={4} p="xs">
          {Number.isInteger(sisId) && (
            <NavCounters sisId={sisId} collapsed={collapsed} enabled={countersEnabled} />
          )}
          <NavItems group={group} params={params} collapsed={collapsed} pathname={pathname} />
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

interface NavItemsProps {
  group: RouteGroup;
  params: RouteParams;
  collapsed: boolean;
  pathname: string;
}

function sameParams(a: RouteParams, b: RouteParams): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * The group's screens. Memoized: the shell re-renders while the first screen
 * loads (user info, page title, counters) and the list does not change then.
 */
const NavItems = memo(
  function NavItems({ group, params, collapsed, pathname }: NavItemsProps) {
    const items = MOUNTED_ROUTES.filter((route) => route.group === group && route.nav).flatMap(
      (route) => {
        const href = routePath(route, params);
        return href ? [{ route, href }] : [];
      },
    );
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
    sameParams(a.params, b.params),
);
