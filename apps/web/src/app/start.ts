import { installZodMessages } from '@tracklane/shared/validation/zod-messages';
import { connectApiClient, type AppInstance } from './app-instance';

/**
 * One-time wiring of the browser's app instance before the first render; resolves once the session
 * check has answered. `signedOut`: the server sent the page it rendered at build time, which it sends
 * only to a request without a session cookie, so there is no session to ask about (asking would only
 * answer 401).
 */
export function startApp(
  app: AppInstance,
  { signedOut = false }: { signedOut?: boolean } = {},
): Promise<void> {
  installZodMessages();
  connectApiClient(app);
  if (signedOut) {
    app.authStore.getState().markUnauthenticated();
    return Promise.resolve();
  }
  // A server render confirmed the session for this page a moment ago (entry-server.tsx).
  if (app.sessionConfirmed) return Promise.resolve();
  // Asked before rendering so the splash lasts only as long as the server takes to answer.
  return app.authStore.getState().checkSession();
}
