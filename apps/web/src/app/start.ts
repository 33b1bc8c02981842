import { installZodMessages } from '@tracklane/shared/validation/zod-messages';
import { listenForSessionExpiry, useAuthStore } from '../features/auth/stores/auth-store';

/** One-time wiring before the first render; resolves once the session check has answered. */
export function startApp(): Promise<void> {
  installZodMessages();
  listenForSessionExpiry();
  // Asked before rendering so the splash lasts only as long as the server takes to answer.
  return useAuthStore.getState().checkSession();
}
