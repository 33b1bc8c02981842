import * as z from 'zod/mini';
import { createContext, useContext } from 'react';
import { createStore, useStore } from 'zustand';
import { persist } from 'zustand/middleware';
import { isApiError, onUnauthorized } from '../../../lib/api-client';
import { createPersistStorage } from '../../../lib/persist-storage';
import { getSession } from '../api/get-session';
import { logout as logoutRequest } from '../api/logout';
import type { RegisterResult } from '../api/register';
import { userSchema, type AuthStatus, type User } from '../types';

interface AuthData {
  status: AuthStatus;
  user: User | null;
  authError: string | null;
  resetPasswordToken: string | null;
  /** The last successful registration (spec §4), until its e-mail is verified. Not persisted. */
  registration: RegisterResult | null;
}

export interface AuthState extends AuthData {
  setUser: (user: User) => void;
  setAuthError: (message: string | null) => void;
  setResetPasswordToken: (token: string | null) => void;
  setRegistration: (registration: RegisterResult | null) => void;
  /** The session is gone (401, failed check): forget the user. */
  markUnauthenticated: () => void;
  /** Runs the start-up check of spec §2/§4: authenticated with the server's user, or signed out. */
  checkSession: () => Promise<void>;
  /** Spec §4 logout. Resolves true when signed out, false when the server refused (still signed in). */
  logout: () => Promise<boolean>;
}

type PersistedAuth = Pick<AuthData, 'user' | 'resetPasswordToken'>;

const storedAuthSchema = z.partial(
  z.object({ user: z.nullable(userSchema), resetPasswordToken: z.nullable(z.string()) }),
);

export const AUTH_STORE_KEY = 'tracklane-auth';

export type AuthStore = ReturnType<typeof createAuthStore>;

/**
 * The signed-in user, one store per app instance (zustand's pattern for rendering on a server): the
 * browser's app, a render on the server, each test. `onSignedOut` runs as logout succeeds, before the
 * status turns to signed out: it returns every other piece of the app's state to its defaults (spec §4).
 * `user`: the user a server render confirmed for this request (entry-server.tsx), the store's initial
 * state (what React reads on the server and while hydrating); local storage is then not read.
 */
export const createAuthStore = ({ onSignedOut, user }: { onSignedOut: () => void; user?: User }) =>
  createStore<AuthState>()(
    persist(
      (set, get) => ({
        // Always start by asking the server: a stored user is not proof of a live session.
        status: user ? 'authenticated' : 'loading',
        user: user ?? null,
        authError: null,
        resetPasswordToken: null,
        registration: null,

        setUser: (user) => set({ user, status: 'authenticated', authError: null, registration: null }),
        setAuthError: (authError) => set({ authError }),
        setResetPasswordToken: (resetPasswordToken) => set({ resetPasswordToken }),
        setRegistration: (registration) => set({ registration, authError: null }),
        markUnauthenticated: () => set({ status: 'unauthenticated', user: null }),

        checkSession: async () => {
          try {
            const user = await getSession();
            set({ status: 'authenticated', user, authError: null });
          } catch {
            get().markUnauthenticated();
          }
        },

        logout: async () => {
          const email = get().user?.email ?? '';
          set({ status: 'loading' });
          try {
            await logoutRequest(email);
          } catch (error) {
            // A 401 means the session had already ended: the user is signed out either way.
            if (!(isApiError(error) && error.status === 401)) {
              // Back to authenticated only if nothing (such as a 401 elsewhere) ended the session meanwhile.
              if (get().status === 'loading') set({ status: 'authenticated' });
              return false;
            }
          }
          onSignedOut();
          set({ status: 'unauthenticated', user: null });
          return true;
        },
      }),
      {
        name: AUTH_STORE_KEY,
        version: 1,
        storage: createPersistStorage<PersistedAuth>(),
        skipHydration: Boolean(user),
        partialize: ({ user, resetPasswordToken }) => ({ user, resetPasswordToken }),
        merge: (stored, current) => {
          const parsed = storedAuthSchema.safeParse(stored);
          return parsed.success ? { ...current, ...parsed.data } : current;
        },
      },
    ),
  );

/** Forgets the user, for logout. Status is left alone: logout sets it once every store is back to its defaults. */
export function resetAuthStore(store: AuthStore): void {
  store.setState({ user: null, authError: null, resetPasswordToken: null, registration: null });
}

/** Wires spec §4's "a 401 clears the user" to every API call. Returns the unsubscribe. */
export function listenForSessionExpiry(store: AuthStore): () => void {
  return onUnauthorized(() => {
    store.getState().markUnauthenticated();
  });
}

/** The app instance's auth store, provided around the app (app/providers.tsx). */
export const AuthStoreContext = createContext<AuthStore | null>(null);

/** The auth store of the app this component renders in. */
export function useAuthStoreApi(): AuthStore {
  const store = useContext(AuthStoreContext);
  if (!store) throw new Error('useAuthStore: no AuthStoreContext above this component');
  return store;
}

/** What `selector` picks from the app's auth state; re-renders when it changes. */
export function useAuthStore<T>(selector: (state: AuthState) => T): T {
  return useStore(useAuthStoreApi(), selector);
}
