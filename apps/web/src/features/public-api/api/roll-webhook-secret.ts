import { useMutation } from '@tanstack/react-query';
import { webhookWithSecretSchema, type WebhookWithSecret } from '@tracklane/shared/webhooks/webhooks.schema';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOKS_PATH } from './list-webhooks';

/** A new signing secret for the endpoint, shown this once; the old one stops signing. */
export async function rollWebhookSecret(endpointId: string): Promise<WebhookWithSecret> {
  const envelope = await apiRequest<unknown>(`${WEBHOOKS_PATH}/${encodeURIComponent(endpointId)}/secret`, {
    method: 'POST',
  });
  return webhookWithSecretSchema.parse(envelope.result);
}

export function useRollWebhookSecret() {
  return useMutation({ mutationFn: rollWebhookSecret });
}
