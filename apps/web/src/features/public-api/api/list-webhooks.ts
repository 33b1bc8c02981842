import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEndpointSchema, type WebhookEndpoint } from '@tracklane/shared/webhooks/webhooks.schema';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { tenantQueryKey } from '../../../lib/tenant-queries';

export const WEBHOOKS_PATH = '/api/webhooks';

/** The current workspace's webhook endpoints (without their secrets). */
export async function listWebhooks(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  return z.array(webhookEndpointSchema).parse(await api.get<unknown>(WEBHOOKS_PATH, { signal }));
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: tenantQueryKey('webhooks'), queryFn: ({ signal }) => listWebhooks(signal) });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
