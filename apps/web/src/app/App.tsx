import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers/AppProviders';
import type { createAppRouter } from './router/router';
import { useSessionWiring } from './useSessionWiring';

/** Session rules wired to the page: a component so tests can mount it with their own router. */
export function SessionWiring() {
  useSessionWiring();
  return null;
}

interface Props {
  queryClient: QueryClient;
  /** Created before the first render (main.tsx), so its first loaders start in a task of their own. */
  router: ReturnType<typeof createAppRouter>;
}

export function App({ queryClient, router }: Props) {
  return (
    <AppProviders queryClient={queryClient}>
      <SessionWiring />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
