import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/dates';
import { sendWithEncryptedPassword, unreadableWhenBadRequest } from '../utils/encrypted-password';

export const REGISTER_PATH = '/api/auth/register';

export interface RegisterInput {
  email: string;
  firstName: string;
  lastName: string;
  /** As typed; it is encrypted before it is sent. The confirmation never leaves the form (spec §5). */
  password: string;
}

/** What registration answers: the address the code went to and the server's words about it. */
export interface RegisterResult {
  email: string;
  message: string;
}

/** Creates the account and has a 6-digit code e-mailed (spec §7); the browser's time zone goes along (§9). */
export async function register(
  queryClient: QueryClient,
  { password, ...fields }: RegisterInput,
): Promise<RegisterResult> {
  return sendWithEncryptedPassword(
    queryClient,
    password,
    async ({ ciphertext, keyId }) => {
      const envelope = await apiRequest<{ email: string }>(REGISTER_PATH, {
        method: 'POST',
        body: { ...fields, password: ciphertext, keyId, timeZone: browserTimeZone() },
      });
      return { email: envelope.result.email, message: envelope.message };
    },
    unreadableWhenBadRequest,
  );
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: RegisterInput) => register(queryClient, input) });
}
