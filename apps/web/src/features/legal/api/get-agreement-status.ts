import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const AGREEMENT_STATUS_PATH = '/api/_api/user-agreement/get';

const statusSchema = z.object({ agreed: z.boolean() });

export type AgreementStatus = z.infer<typeof statusSchema>;

/** Whether the user has accepted the current user agreement (spec §7, §4). */
export async function getAgreementStatus(userId: string, signal?: AbortSignal): Promise<AgreementStatus> {
  return statusSchema.parse(await api.get<unknown>(AGREEMENT_STATUS_PATH, { query: { userId }, signal }));
}

export const agreementStatusQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['user-agreement', userId],
    queryFn: ({ signal }) => getAgreementStatus(userId, signal),
    // Asked once per session: it changes only when this user agrees, which updates the cache.
    staleTime: Infinity,
  });

export function useAgreementStatus(userId: string) {
  return useQuery(agreementStatusQueryOptions(userId));
}
