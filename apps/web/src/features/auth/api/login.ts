import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/dates';
import { userSchema, type User } from '../types';
import { sendWithEncryptedPassword, unreadableWhenKeyChanged } from '../utils/encrypted-password';

export const LOGIN_PATH = '/api/auth/login';

export interface LoginInput {
  email: string;
  password: string;
}

/**
 * Signs in (spec §7) with the password encrypted (spec §5) and the browser's time zone, which the
 * server follows until the user picks one in Profile Settings. Resolves with the user; the session
 * is the cookie the server sets.
 */
export async function login(queryClient: QueryClient, { email, password }: LoginInput): Promise<User> {
  return sendWithEncryptedPassword(
    queryClient,
    password,
    async ({ ciphertext, keyId }) =>
      userSchema.parse(
        await api.post<unknown>(LOGIN_PATH, {
          email,
          password: ciphertext,
          keyId,
          timeZone: browserTimeZone(),
        }),
      ),
    unreadableWhenKeyChanged,
  );
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: LoginInput) => login(queryClient, input) });
}
