import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  webhookEndpointSchema,
  webhookWithSecretSchema,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@tracklane/shared/webhooks/webhooks.schema';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOKS_PATH, webhooksQueryOptions } from './list-webhooks';

/** Registers an endpoint; the answer carries its signing secret, shown this once. */
export async function createWebhook(input: CreateWebhookRequest): Promise<WebhookWithSecret> {
  const envelope = await apiRequest<unknown>(WEBHOOKS_PATH, { method: 'POST', body: input });
  return webhookWithSecretSchema.parse(envelope.result);
}

/** Changes an endpoint, or disables or enables it. */
export async function updateWebhook({
  endpointId,
  ...input
}: UpdateWebhookRequest & { endpointId: string }): Promise<WebhookEndpoint> {
  const envelope = await apiRequest<unknown>(`${WEBHOOKS_PATH}/${encodeURIComponent(endpointId)}`, {
    method: 'PATCH',
    body: input,
  });
  return webhookEndpointSchema.parse(envelope.result);
}

function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey });
}

export function useCreateWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: createWebhook, onSuccess: refresh });
}

export function useUpdateWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: updateWebhook, onSuccess: refresh });
}
