import type { QueryClient } from '@tanstack/react-query';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { LOGIN_PATH } from '../../lib/loginRoute';
import { hasSession } from '../../lib/session/tokenStore';
import { userInfoQueryOptions } from '../../lib/user/get-user-info';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { routeLinks } from './links';
import { RequireSession } from './RequireSession';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { MOUNTED_ROUTES } from './routeTable';

export interface RouteHandle {
  routeId: string;
}

function StartRedirect() {
  return <Navigate to={hasSession() ? routeLinks.customerHomeHref() : LOGIN_PATH} replace />;
}

/**
 * The route objects of the table. Loaders only start the screen's data
 * (TanStack Query prefetch) so it downloads while the screen's code does;
 * they never block or redirect.
 */
export function createRouteObjects(client: QueryClient): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      HydrateFallback: DelayedLoader,
      // A screen that cannot load or throws: pt-BR and a reload; inside the shell, the navigation stays.
      errorElement: <RouteError />,
      children: [
        { index: true, element: <StartRedirect /> },
        {
          path: 'login/:logo?',
          handle: { routeId: 'login' } satisfies RouteHandle,
          lazy: async () => ({
            Component: (await import('../../features/auth/pages/LoginPage')).LoginPage,
          }),
        },
        {
          path: ':sisId',
          element: <RequireSession />,
          loader: () => {
            if (hasSession()) void client.prefetchQuery(userInfoQueryOptions());
            return null;
          },
          children: [
            {
              lazy: async () => ({ Component: (await import('../shell/MainLayout')).MainLayout }),
              children: MOUNTED_ROUTES.map(
                (route): RouteObject => ({
                  path: route.path,
                  handle: { routeId: route.id } satisfies RouteHandle,
                  errorElement: <RouteError />,
                  loader: ({ params }) => {
                    if (route.prefetch && hasSession()) route.prefetch(params, client);
                    return null;
                  },
                  lazy: async () => ({
                    Component: await (route.page as NonNullable<typeof route.page>)(),
                  }),
                }),
              ),
            },
          ],
        },
        { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
      ],
    },
  ];
}

export function createAppRouter(client: QueryClient) {
  return createHashRouter(createRouteObjects(client));
}
