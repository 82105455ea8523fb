import '../styles/base';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { theme } from '../theme';
import { createQueryClient } from './queryClient';

/**
 * What every screen needs, login included. Toasts and confirmation dialogs
 * are mounted by the main shell (shell/ShellOverlays), so the login route
 * does not download them.
 */
export function AppProviders({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
