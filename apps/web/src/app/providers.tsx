import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';
import toasts from './toasts.module.css';

/** Everything a page needs around it, whatever its layout. The modal host lives in the main shell. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <Notifications position="bottom-right" classNames={{ root: toasts.toasts }} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
