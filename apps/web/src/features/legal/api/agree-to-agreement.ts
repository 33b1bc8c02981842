import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { agreementStatusQueryOptions, type AgreementStatus } from './get-agreement-status';

export const AGREE_PATH = '/api/_api/user-agreement/agree';

const statusSchema = z.object({ agreed: z.boolean() });

/** Records that the user accepts the current version of the agreement. */
export async function agreeToAgreement(userId: string): Promise<AgreementStatus> {
  return statusSchema.parse(await api.post<unknown>(AGREE_PATH, { userId }));
}

export function useAgreeToAgreement(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => agreeToAgreement(userId),
    onSuccess: (status) => {
      queryClient.setQueryData(agreementStatusQueryOptions(userId).queryKey, status);
    },
  });
}
