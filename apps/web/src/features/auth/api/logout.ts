import { api } from '../../../lib/api-client';

export const LOGOUT_PATH = '/api/auth/logout';

/** Ends the session on the server (spec §7: POST /api/auth/logout with the e-mail). */
export async function logout(email: string): Promise<void> {
  await api.post<unknown>(LOGOUT_PATH, { email });
}
