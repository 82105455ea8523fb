import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers/AppProviders';
import { createAppRouter } from './router/router';
import { useSessionWiring } from './useSessionWiring';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <SessionWiring />
      <RouterProvider router={router} />
    </AppProviders>
  );
}

function SessionWiring() {
  useSessionWiring();
  return null;
}
