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
import type { User } from '../features/auth/types';
import {
  createWorkspaceStore,
  type WorkspaceData,
  type WorkspaceStore,
} from '../features/workspaces/stores/workspace-store';
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
  /**
   * Whether the first render draws a phone's layout (cards, the drawer) rather than reading the
   * window's width: set where that render was made on a server, which guessed it from the request
   * (entry-server.tsx), so that hydrating draws what the server drew; undefined elsewhere.
   */
  phoneAtFirstRender?: boolean;
  /** A server render confirmed the session this instance starts with (made from `SignedInState`). */
  sessionConfirmed: boolean;
}

/**
 * What a server render confirmed for one request (entry-server.tsx), given again to the browser's
 * instance that hydrates its HTML: the stores' initial state, which is what React reads on the server
 * and while hydrating (zustand's `getInitialState`).
 */
export interface SignedInState {
  user: User;
  workspace: WorkspaceData;
  phone: boolean;
  /** The sidebar as the request's cookie left it (sidebar-preference.ts). */
  sidebarCollapsed: boolean;
}

export function createAppInstance(
  options: { queryClient?: QueryClient; signedIn?: SignedInState } = {},
): AppInstance {
  const { signedIn } = options;
  const instance: AppInstance = {
    queryClient: options.queryClient ?? createAppQueryClient(),
    // Logout returns every store to its defaults and forgets every answer (spec §4).
    authStore: createAuthStore({ onSignedOut: () => resetAppInstance(instance), user: signedIn?.user }),
    workspaceStore: createWorkspaceStore(signedIn?.workspace),
    uiStore: createUiStore(signedIn ? { sidebarCollapsed: signedIn.sidebarCollapsed } : undefined),
    tutorialStore: createTutorialStore(),
    codeResendStore: createCodeResendStore(),
    phoneAtFirstRender: signedIn?.phone,
    sessionConfirmed: Boolean(signedIn),
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
