import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userSchema, type User } from '../types';

export const VERIFY_EMAIL_PATH = '/api/auth/verifyEmail';

export interface VerifyEmailInput {
  email: string;
  code: string;
}

/** Confirms the address with the e-mailed code; the server then signs the user in. */
export async function verifyEmail(input: VerifyEmailInput): Promise<User> {
  return userSchema.parse(await api.post<unknown>(VERIFY_EMAIL_PATH, input));
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
