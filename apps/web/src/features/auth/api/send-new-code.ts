import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const SEND_NEW_CODE_PATH = '/api/auth/sendNewCode';

export type CodePurpose = 'register' | 'resetPassword';

export interface SendNewCodeInput {
  email: string;
  type: CodePurpose;
}

/**
 * Asks for a fresh 6-digit code. The server answers the same whether or not the address has an
 * account, and sends at most one code a minute per address.
 */
export async function sendNewCode(input: SendNewCodeInput): Promise<void> {
  await api.post<null>(SEND_NEW_CODE_PATH, input);
}

export function useSendNewCode() {
  return useMutation({ mutationFn: sendNewCode });
}
