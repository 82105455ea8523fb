import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers/AppProviders';
import { createQueryClient } from './providers/queryClient';
import { createAppRouter } from './router/router';
import { useSessionWiring } from './useSessionWiring';

/** Session rules wired to the page: a component so tests can mount it with their own router. */
export function SessionWiring() {
  useSessionWiring();
  return null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppProviders queryClient={queryClient}>
      <SessionWiring />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
