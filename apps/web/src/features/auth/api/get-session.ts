import { apiRequest } from '../../../lib/api-client';
import { userSchema, type User } from '../types';

export const SESSION_PATH = '/api/auth/protected';

/**
 * Asks the server who is signed in (spec §2 auth guard). Resolves with the user, or rejects with
 * the ApiError (401 when nobody is) so the caller can treat any failure as signed out (spec §8).
 */
export async function getSession(signal?: AbortSignal): Promise<User> {
  const envelope = await apiRequest<unknown>(SESSION_PATH, { signal });
  return userSchema.parse(envelope.result);
}
