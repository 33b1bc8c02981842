import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthStoreContext } from '../features/auth/stores/auth-store';
import { CodeResendStoreContext } from '../features/auth/stores/code-resend-store';
import { UiStoreContext } from '../features/navigation/stores/ui-store';
import { TutorialStoreContext } from '../features/tutorial/stores/tutorial-store';
import { WorkspaceStoreContext } from '../features/workspaces/stores/workspace-store';
import { PhoneAtFirstRenderContext } from '../lib/use-width-query';
import type { AppInstance } from './app-instance';
import { theme } from './theme';

/** Everything a page needs around it, whatever its layout. */
export function AppProviders({ app, children }: { app: AppInstance; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <AppStateProviders app={app}>
        {children}
      </AppStateProviders>
    </MantineProvider>
  );
}

/** The app instance's query client and stores, for `useQueryClient()` and the stores' hooks. */
export function AppStateProviders({ app, children }: { app: AppInstance; children: ReactNode }) {
  return (
    <QueryClientProvider client={app.queryClient}>
      <AuthStoreContext value={app.authStore}>
        <WorkspaceStoreContext value={app.workspaceStore}>
          <UiStoreContext value={app.uiStore}>
            <TutorialStoreContext value={app.tutorialStore}>
              <CodeResendStoreContext value={app.codeResendStore}>
                <PhoneAtFirstRenderContext value={app.phoneAtFirstRender}>
                  {children}
                </PhoneAtFirstRenderContext>
              </CodeResendStoreContext>
            </TutorialStoreContext>
          </UiStoreContext>
        </WorkspaceStoreContext>
      </AuthStoreContext>
    </QueryClientProvider>
  );
}
