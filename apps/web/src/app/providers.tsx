import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { AuthStoreContext } from '../features/auth/stores/auth-store';
import { CodeResendStoreContext } from '../features/auth/stores/code-resend-store';
import { UiStoreContext } from '../features/navigation/stores/ui-store';
import { TutorialStoreContext } from '../features/tutorial/stores/tutorial-store';
import { WorkspaceStoreContext } from '../features/workspaces/stores/workspace-store';
import { useHydrated } from '../lib/use-hydrated';
import { PhoneAtFirstRenderContext } from '../lib/use-width-query';
import type { AppInstance } from './app-instance';
import { lazyPage } from './lazy-page';
import { theme } from './theme';

// The toast container is code no first screen draws: it loads once the page is interactive. A toast
// shown before it arrives waits in Mantine's notifications store and appears with it.
const Toasts = lazyPage(() => import('./toasts').then((m) => m.Toasts));
// Tests render it at once, as if downloaded (Vitest's mode; a build drops this line).
if (import.meta.env.MODE === 'test') await Toasts.preload();

function LazyToasts() {
  // Nothing of it is in the server's or the build's HTML, so it mounts after hydration.
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** Everything a page needs around it, whatever its layout. */
export function AppProviders({ app, children }: { app: AppInstance; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <AppStateProviders app={app}>
        <LazyToasts />
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
