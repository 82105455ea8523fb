import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { RouteLinksContext } from '../../lib/navigation';
import { routeLinks } from './links';
import type { RouteHandle } from './router';

function isLoginMatch(handle: unknown): boolean {
  return (handle as RouteHandle | undefined)?.routeId === 'login';
}

/** Above every screen: route links for features, scroll reset and the login page flag. */
export function RootLayout() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const onLogin = matches.some((match) => isLoginMatch(match.handle));

  // Spec 000 §2: the page scrolls to the top after every route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // Spec 000 §4: a login page flag is set while the current screen is login.
  useEffect(() => {
    document.documentElement.toggleAttribute('data-login-page', onLogin);
  }, [onLogin]);

  return (
    <RouteLinksContext.Provider value={routeLinks}>
      <Outlet />
    </RouteLinksContext.Provider>
  );
}
