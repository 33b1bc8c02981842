import type { QueryClient } from '@tanstack/react-query';
import {
  createAuthStore,
  listenForSessionExpiry,
  resetAuthStore,
  type AuthStore,
} from '../features/auth/stores/auth-store';
import { createCodeResendStore, type CodeResendStore } from '../features/auth/stores/code-resend-store';
import { createUiStore, type UiStore } from '../features/navigation/stores/ui-store';
import { createTutorialStore, type TutorialStore } from '../features/tutorial/stores/tutorial-store';
import { createWorkspaceStore, type WorkspaceStore } from '../features/workspaces/stores/workspace-store';
import { setWorkspaceShown } from '../lib/api-client';
import { createAppQueryClient } from '../lib/query-client';

/**
 * The state of one app instance: the browser's page, a render on the server, a test. Nothing of it is
 * kept in a module, so that renders on the server never share it. Components reach it through the
 * providers (providers.tsx: `useQueryClient()`, `useAuthStore(selector)`, …), route loaders through the
 * routes made for the instance (`appRoutes`, router.tsx).
 */
export interface AppInstance {
  queryClient: QueryClient;
  authStore: AuthStore;
  workspaceStore: WorkspaceStore;
  uiStore: UiStore;
  tutorialStore: TutorialStore;
  codeResendStore: CodeResendStore;
}

export function createAppInstance(): AppInstance {
  const instance: AppInstance = {
    queryClient: createAppQueryClient(),
    // Logout returns every store to its defaults and forgets every answer (spec §4).
    authStore: createAuthStore({ onSignedOut: () => resetAppInstance(instance) }),
    workspaceStore: createWorkspaceStore(),
    uiStore: createUiStore(),
    tutorialStore: createTutorialStore(),
    codeResendStore: createCodeResendStore(),
  };
  return instance;
}

/** Every store back to its defaults (the auth store's status excepted) and the query cache emptied. */
export function resetAppInstance(app: AppInstance): void {
  resetAuthStore(app.authStore);
  // A persisted store writes its defaults back to storage too.
  app.workspaceStore.setState(app.workspaceStore.getInitialState(), true);
  app.uiStore.setState(app.uiStore.getInitialState(), true);
  app.tutorialStore.setState(app.tutorialStore.getInitialState(), true);
  app.codeResendStore.setState(app.codeResendStore.getInitialState(), true);
  app.queryClient.clear();
}

/**
 * Connects a browser's app instance to the API client: a 401 from any call signs out (spec §4), and
 * every call names the workspace this tab shows (what this tab's page shows is its store in memory:
 * another tab's switch rewrites local storage and the session, never this copy). Returns the undo.
 */
export function connectApiClient(app: AppInstance): () => void {
  const stopListening = listenForSessionExpiry(app.authStore);
  const stopNaming = setWorkspaceShown(
    () => app.workspaceStore.getState().currentWorkspace?.workspaceId ?? null,
  );
  return () => {
    stopListening();
    stopNaming();
  };
}
