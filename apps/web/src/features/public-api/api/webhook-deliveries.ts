import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  webhookDeliveriesResultSchema,
  type WebhookDelivery,
} from '@tracklane/shared/webhooks/webhooks.schema';
import { api, apiRequest } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';
import { WEBHOOKS_PATH } from './list-webhooks';

const deliveriesPath = (endpointId: string) =>
  `${WEBHOOKS_PATH}/${encodeURIComponent(endpointId)}/deliveries`;

/** The newest deliveries of an endpoint (its log). */
export async function listWebhookDeliveries(
  endpointId: string,
  signal?: AbortSignal,
): Promise<WebhookDelivery[]> {
  const result = webhookDeliveriesResultSchema.parse(
    await api.get<unknown>(deliveriesPath(endpointId), { signal, query: { limit: 50 } }),
  );
  return result.items;
}

export const webhookDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({
    queryKey: tenantQueryKey('webhook-deliveries', endpointId),
    queryFn: ({ signal }) => listWebhookDeliveries(endpointId, signal),
    // Pending deliveries move on their own: the log follows them while it is open.
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 3000 : false),
  });

export function useWebhookDeliveries(endpointId: string) {
  return useQuery(webhookDeliveriesQueryOptions(endpointId));
}

/** Sends a logged delivery's event again, as a new delivery. */
export async function replayWebhookDelivery(input: {
  endpointId: string;
  deliveryId: string;
}): Promise<void> {
  await apiRequest<unknown>(
    `${deliveriesPath(input.endpointId)}/${encodeURIComponent(input.deliveryId)}/replay`,
    { method: 'POST' },
  );
}

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryOptions(input.endpointId).queryKey }),
  });
}
