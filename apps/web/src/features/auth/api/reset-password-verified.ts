import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sendWithEncryptedPassword, unreadableWhenBadRequest } from '../utils/encrypted-password';

export const RESET_PASSWORD_VERIFIED_PATH = '/api/auth/resetPasswordVerified';

export interface ResetPasswordInput {
  token: string;
  /** As typed; encrypted before it is sent as `newPassword` (spec §5). */
  newPassword: string;
}

/**
 * Sets the new password with the reset token. Resolves with the server's confirmation, to show on the
 * sign-in page; every session of the account has ended. 410 LINK_EXPIRED: the token is spent or stale.
 */
export async function resetPassword(
  queryClient: QueryClient,
  { token, newPassword }: ResetPasswordInput,
): Promise<string> {
  return sendWithEncryptedPassword(
    queryClient,
    newPassword,
    async ({ ciphertext, keyId }) => {
      const envelope = await apiRequest<null>(RESET_PASSWORD_VERIFIED_PATH, {
        method: 'POST',
        body: { token, newPassword: ciphertext, keyId },
      });
      return envelope.message;
    },
    unreadableWhenBadRequest,
  );
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: ResetPasswordInput) => resetPassword(queryClient, input) });
}
