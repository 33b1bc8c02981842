import { installZodMessages } from '@tracklane/shared/validation/zod-messages';
import { listenForSessionExpiry, useAuthStore } from '../features/auth/stores/auth-store';

/**
 * One-time wiring before the first render; resolves once the session check has answered.
 * `signedOut`: the server sent the page it rendered at build time, which it sends only to a request
 * without a session cookie, so there is no session to ask about (asking would only answer 401).
 */
export function startApp({ signedOut = false }: { signedOut?: boolean } = {}): Promise<void> {
  installZodMessages();
  listenForSessionExpiry();
  if (signedOut) {
    useAuthStore.getState().markUnauthenticated();
    return Promise.resolve();
  }
  // Asked before rendering so the splash lasts only as long as the server takes to answer.
  return useAuthStore.getState().checkSession();
}
