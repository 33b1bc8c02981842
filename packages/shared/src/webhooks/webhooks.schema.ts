import { z } from 'zod';

/**
 * What an endpoint can subscribe to. `shipment.changed` is sent when tracking data of a followed
 * shipment changes (a milestone, an ETA, a roll…), from the refresh that found it. `exception.opened`
 * when the engine raises an exception, `exception.resolved` when a person resolves it or it clears.
 * `document.added` when a document is attached to a shipment (uploaded, or from an e-mail).
 */
export const WEBHOOK_EVENT_TYPES = [
  'shipment.added',
  'shipment.archived',
  'shipment.unarchived',
  'shipment.changed',
  'exception.opened',
  'exception.resolved',
  'document.added',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'shipment.added': 'Shipment added',
  'shipment.archived': 'Shipment archived',
  'shipment.unarchived': 'Shipment moved back to active',
  'shipment.changed': 'Tracking changed',
  'exception.opened': 'Exception opened',
  'exception.resolved': 'Exception resolved (by a person or because it cleared)',
  'document.added': 'Document added to a shipment',
};

/**
 * The body an endpoint receives: ours (an event object with the shipment), or DCSA Track & Trace 2.2
 * (the array of events its subscription callbacks POST; ocean shipments' carrier events only).
 */
export const WEBHOOK_SHAPES = ['tracklane', 'dcsa'] as const;
export type WebhookShape = (typeof WEBHOOK_SHAPES)[number];

/** The types that carry carrier events, the only ones a DCSA-shaped endpoint can receive. */
export const DCSA_WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = ['shipment.added', 'shipment.changed'];

export const WEBHOOK_ENDPOINTS_PER_WORKSPACE_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 120;

/** Delivery statuses in the log. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const webhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, { message: 'The URL is too long' })
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: 'Enter an http or https URL without a user name or password, e.g. https://example.com/hooks' },
  );

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: 'Unknown event type' }))
  .min(1, { message: 'Choose at least one event' })
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);

/** A DCSA-shaped endpoint can only receive the types that carry carrier events. */
function dcsaTypesOnly(value: {
  shape?: WebhookShape | undefined;
  eventTypes?: WebhookEventType[] | undefined;
}) {
  return (
    value.shape !== 'dcsa' ||
    !value.eventTypes ||
    value.eventTypes.every((t) => DCSA_WEBHOOK_EVENT_TYPES.includes(t))
  );
}
const DCSA_TYPES_MESSAGE = {
  message: 'DCSA-shaped endpoints receive carrier events only: choose Shipment added or Tracking changed',
  path: ['eventTypes'],
};

export const createWebhookRequestSchema = z
  .strictObject({
    url: webhookUrlSchema,
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).default(''),
    eventTypes: eventTypesSchema,
    shape: z.enum(WEBHOOK_SHAPES).default('tracklane'),
  })
  .refine(dcsaTypesOnly, DCSA_TYPES_MESSAGE);
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

export const updateWebhookRequestSchema = z
  .strictObject({
    url: webhookUrlSchema.optional(),
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
    eventTypes: eventTypesSchema.optional(),
    shape: z.enum(WEBHOOK_SHAPES).optional(),
    /** true re-enables an endpoint that was disabled (by hand or after failing) and resets its failures. */
    enabled: z.boolean().optional(),
  })
  .refine(dcsaTypesOnly, DCSA_TYPES_MESSAGE);
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequestSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  shape: z.enum(WEBHOOK_SHAPES),
  enabled: z.boolean(),
  /** Why it was disabled (by an admin, or after repeated failures), when it is. */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Creating an endpoint or rolling its secret: the only answers that carry the secret. */
export const webhookWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastResponseMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERY_PAGE_MAX = 100;

export const webhookDeliveriesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERY_PAGE_MAX).default(25),
  cursor: z.string().max(300).optional(),
});

export const webhookDeliveriesResultSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
