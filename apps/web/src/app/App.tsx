import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers/AppProviders';
import { createQueryClient } from './providers/queryClient';
import { createAppRouter } from './router/router';
import { useSessionWiring } from './useSessionWiring';

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

function SessionWiring() {
  useSessionWiring();
  return null;
}
