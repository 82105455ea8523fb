import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../../app/providers/queryClient';
import { routeLinks } from '../../../app/router/links';
import { RouteLinksContext } from '../../../lib/navigation';
import { ConfirmHost } from '../../../ui/confirm';

/**
 * The app's providers with Mantine's test environment (no transitions, no
 * portals), so its dialogs, toasts and dropdowns render in jsdom.
 */
export function renderWithApp(ui: React.ReactElement) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <RouteLinksContext.Provider value={routeLinks}>{ui}</RouteLinksContext.Provider>,
      },
    ],
    { initialEntries: ['/121/ocorrencias'] },
  );
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <ConfirmHost />
        <Notifications />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
