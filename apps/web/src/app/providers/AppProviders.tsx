import '../styles/base';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cssVariablesResolver, theme } from '../theme';

/**
 * What every screen needs, login included. Toasts and confirmation dialogs
 * are mounted by the main shell (shell/ShellOverlays), so the login route
 * does not download them.
 */
interface Props {
  queryClient: QueryClient;
  children: React.ReactNode;
}

export function AppProviders({ queryClient, children }: Props) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
