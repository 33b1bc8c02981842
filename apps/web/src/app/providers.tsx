import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AfterFirstScreen } from '../components/after-first-screen';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';
import toasts from './toasts.module.css';

/**
 * Everything a page needs around it, whatever its layout. The toasts' host mounts once the first screen
 * is done: its portal and transition group set state as they mount, updates React renders
 * at once, running all of the first commit's effects with them in one task. A toast shown before then
 * (they are kept in Mantine's store) appears as it mounts.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <AfterFirstScreen>
          <Notifications position="bottom-right" classNames={{ root: toasts.toasts }} />
        </AfterFirstScreen>
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
