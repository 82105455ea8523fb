import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/ScrollArea.css';
// Also for the lazily loaded parts (ui/overlayParts) and screens that rely on these sheets.
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { AppShell } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { swipeThresholdPx } from '@vigia/domain';
import {
  lazy,
  Suspense,
  startTransition,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { Outlet, useLocation, useNavigation, useParams } from 'react-router';
import { useLiveQueries } from '../../lib/live/liveQueries';
import { PageTitleContext } from '../../lib/navigation';
import { useAfterFirstLoad } from '../../lib/useAfterFirstLoad';
import { useUserInfo } from '../../lib/user/get-user-info';
import { ConfirmHost } from '../../ui/confirm';
import { PendingBar } from '../../ui/PendingBar';
import { useBreakpoint } from '../../ui/useBreakpoint';
import { breadcrumbs } from '../router/links';
import { useCurrentRoute } from './currentRoute';
import { Header } from './Header';
import classes from './MainLayout.module.css';
import { PageBreadcrumbs } from './PageBreadcrumbs';
import { SideNav } from './SideNav';
import { useNavCollapse } from './useNavCollapse';
import { useSwipe } from './useSwipe';

const ShellOverlays = lazy(() => import('./ShellOverlays'));
const ForcedPasswordChange = lazy(() =>
  import('../../features/account/components/ForcedPasswordChange').then((m) => ({
    default: m.ForcedPasswordChange,
  })),
);

const hasToasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/**
 * The toasts' container loads with the first toast (they wait in the
 * notifications store meanwhile) and then stays: most visits show none.
 */
function ToastHost() {
  const toasts = useSyncExternalStore(notificationsStore.subscribe, hasToasts, hasToasts);
  const [needed, setNeeded] = useState(toasts);
  if (toasts && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ShellOverlays />
    </Suspense>
  ) : null;
}

export const HEADER_HEIGHT = 56;
export const RAIL_WIDTH = 64;
export const NAV_WIDTH = 248;

/** Header, side bar and content of every main group (spec 000 §2). */
export function MainLayout() {
  const params = useParams();
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const breakpoint = useBreakpoint();
  const nav = useNavCollapse(breakpoint, pathname);
  const user = useUserInfo();
  const [title, setTitle] = useState<string | null>(null);
  const navigation = useNavigation();
  // The stream and the counters wait until the screen has loaded.
  const settled = useAfterFirstLoad();
  // A temporary password opens nothing but its change: the server refuses every other call.
  const mustChangePassword = user.data?.trocarSenha === true;
  useLiveQueries(settled && !mustChangePassword);
  // On a phone the navigation starts as a closed drawer: its items are drawn
  // when it opens or once the screen has loaded, not with the first paint.
  const [navDrawn, setNavDrawn] = useState(false);
  const drawNav = !nav.drawer || nav.expanded || navDrawn;
  useEffect(() => {
    if (settled) startTransition(() => setNavDrawn(true));
  }, [settled]);
  useSwipe({
    threshold: swipeThresholdPx(breakpoint),
    onSwipeRight: nav.expand,
    onSwipeLeft: nav.collapse,
  });

  const sisId = Number(params.sisId);
  const sistema = user.data?.sistemas.find((s) => s.id === sisId);
  const crumbs = route ? breadcrumbs(route.id, params, title) : [];
  // Unpinned, the expanded navigation lays over the content instead of pushing it.
  const overlay = !nav.drawer && !nav.pinned && nav.expanded;
  const rail = !nav.drawer && !nav.expanded;
  const pageLabel = crumbs.at(-1)?.label;
  // The screen does not re-render when only the shell changes (navigation width, counters).
  const screen = useMemo(() => <Outlet />, []);

  useEffect(() => {
    document.title = pageLabel ? `${pageLabel} · Vigia` : 'Vigia';
  }, [pageLabel]);

  if (mustChangePassword) {
    return (
      <>
        <ToastHost />
        <Suspense fallback={null}>
          <ForcedPasswordChange />
        </Suspense>
      </>
    );
  }

  return (
    <>
      <ConfirmHost />
      <ToastHost />
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{
          width: { base: NAV_WIDTH, sm: nav.pinned ? NAV_WIDTH : RAIL_WIDTH },
          breakpoint: 'sm',
          collapsed: { mobile: !nav.expanded },
        }}
        padding="md"
      >
        <AppShell.Header>
          <Header
            navOpen={nav.expanded}
            onToggleNav={nav.toggle}
            user={user.data}
            sistema={sistema}
          />
        </AppShell.Header>
        <AppShell.Navbar
          id="vigia-nav"
          className={classes.navbar}
          data-state={nav.expanded ? 'expanded' : 'collapsed'}
          data-overlay={overlay || undefined}
          data-testid="side-nav"
          inert={nav.drawer && !nav.expanded}
          style={overlay ? { width: NAV_WIDTH } : undefined}
          onMouseEnter={() => nav.setHovered(true)}
          onMouseLeave={() => nav.setHovered(false)}
          onFocus={(event) => {
            if (event.target.matches(':focus-visible')) nav.setFocused(true);
          }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) nav.setFocused(false);
          }}
        >
          {route && drawNav && (
            <SideNav
              group={route.group}
              params={params}
              collapsed={rail}
              pinned={nav.pinned}
              canPin={!nav.drawer}
              onTogglePinned={nav.togglePinned}
              countersEnabled={settled}
            />
          )}
        </AppShell.Navbar>
        <AppShell.Main className={classes.main}>
          <PendingBar pending={navigation.state === 'loading'} />
          <PageTitleContext.Provider value={setTitle}>
            <PageBreadcrumbs crumbs={crumbs} />
            {screen}
          </PageTitleContext.Provider>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
