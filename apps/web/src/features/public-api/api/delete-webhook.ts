import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOKS_PATH, webhooksQueryOptions } from './list-webhooks';

/** Deletes an endpoint and its delivery log. */
export async function deleteWebhook(endpointId: string): Promise<void> {
  await apiRequest<null>(`${WEBHOOKS_PATH}/${encodeURIComponent(endpointId)}`, { method: 'DELETE' });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey }),
  });
}
