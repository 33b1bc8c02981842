import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const RESET_PASSWORD_VERIFY_PATH = '/api/auth/resetPasswordVerify';

export interface ResetPasswordVerifyInput {
  email: string;
  code: string;
}

const resultSchema = z.object({ token: z.string().min(1) });

/** Exchanges a reset code for a single-use token (valid 15 minutes) that allows choosing a new password. */
export async function resetPasswordVerify(input: ResetPasswordVerifyInput): Promise<string> {
  return resultSchema.parse(await api.post<unknown>(RESET_PASSWORD_VERIFY_PATH, input)).token;
}

export function useResetPasswordVerify() {
  return useMutation({ mutationFn: resetPasswordVerify });
}
