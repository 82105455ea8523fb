import '../styles/base';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@vigia/domain';
import { useState } from 'react';
import { theme } from '../theme';
import { createQueryClient } from './queryClient';

export function AppProviders({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: MESSAGES.yes, cancel: MESSAGES.no }}>
          <Notifications position="top-right" limit={4} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
