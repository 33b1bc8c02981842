import { useEffect } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useAuthStore } from '../stores/auth-store';

/**
 * The auth error of spec §4/§8 (the server's message for a failed auth call), for one screen: it is
 * cleared when the screen goes, so that it never greets the user on the next one.
 */
export function useAuthError(): [string | null, (message: string | null) => void] {
  const authError = useAuthStore((state) => state.authError);
  const setAuthError = useAuthStore((state) => state.setAuthError);
  useEffect(() => () => setAuthError(null), [setAuthError]);
  return [authError, setAuthError];
}

/**
 * The words to show for a failed call: the server's message (spec §8), or the client's own for an
 * unreachable server. Anything else is a bug: logged, and described without internals.
 */
export function messageOf(error: unknown): string {
  if (isApiError(error) && error.message) return error.message;
  console.error(error);
  return 'Something went wrong. Please try again.';
}
