import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { feedbackResponseSchema, type FeedbackRequest } from '@tracklane/shared/feedback/feedback.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const FEEDBACK_PATH = '/api/feedback';

/** spec §7 POST /api/feedback: answers `{ success }`. */
export async function sendFeedback(input: FeedbackRequest): Promise<{ success: boolean }> {
  return feedbackResponseSchema.parse(await api.post<unknown>(FEEDBACK_PATH, input));
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}

const supportSchema = z.object({ supportEmail: z.string().nullable().optional() });

/** The support address the failure dialog offers (SUPPORT_EMAIL on the server; null when unset). */
export const supportAddressQueryOptions = () =>
  queryOptions({
    queryKey: ['meta', 'support-address'],
    queryFn: async () => supportSchema.parse(await api.get<unknown>('/api/meta')).supportEmail ?? null,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSupportAddress(enabled: boolean) {
  return useQuery({ ...supportAddressQueryOptions(), enabled });
}
