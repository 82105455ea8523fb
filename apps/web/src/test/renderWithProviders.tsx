import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers/AppProviders';
import { createQueryClient } from '../app/providers/queryClient';
import { routeLinks } from '../app/router/links';
import { RouteLinksContext } from '../lib/navigation';

/** Renders a component inside the app providers, the route links and a router at `path`. */
export function renderWithProviders(ui: React.ReactElement, path = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <RouteLinksContext.Provider value={routeLinks}>{ui}</RouteLinksContext.Provider>,
      },
    ],
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}
