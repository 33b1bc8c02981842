import { z } from 'zod';

/**
 * How a connection's events reach Tracklane: `poll` asks the carrier on the tracking schedule; `push`
 * subscribes at the carrier (DCSA Track & Trace 2.2 `/event-subscriptions`) for every container the
 * organization follows through it, receives the events at its callback URL as they happen, and polls
 * only rarely, as a safety net.
 */
export const DELIVERY_MODES = ['poll', 'push'] as const;
export type Delivery = (typeof DELIVERY_MODES)[number];

export const DELIVERY_LABELS: Record<Delivery, string> = {
  poll: 'Poll: Tracklane asks the carrier',
  push: 'Push: the carrier sends events as they happen',
};

/** Connection kinds whose carriers can offer event subscriptions (DCSA T&T 2.2 does; terminals do not). */
export const PUSH_KINDS: readonly string[] = ['dcsa-tnt-2.2'];

export function supportsPush(kind: string): boolean {
  return PUSH_KINDS.includes(kind);
}

/** Where carriers send a connection's events: the one public path, by the connection's id. */
export const CARRIER_CALLBACK_PATH = '/api/carrier-callbacks';

export function carrierCallbackUrl(publicUrl: string, connectionId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${CARRIER_CALLBACK_PATH}/${connectionId}`;
}

/**
 * The DCSA 2.2 subscriptions endpoint beside an events endpoint: `…/v2/events` → `…/v2/event-subscriptions`
 * (the same API, as 2.2 publishes both). Null when the events URL does not end in `/events`.
 */
export function subscriptionsUrlFor(eventsUrl: string): string | null {
  if (!URL.canParse(eventsUrl)) return null;
  const url = new URL(eventsUrl);
  if (!/\/events\/?$/.test(url.pathname)) return null;
  url.pathname = url.pathname.replace(/\/events\/?$/, '/event-subscriptions');
  url.search = '';
  return url.href;
}

export const deliverySchema = z.enum(DELIVERY_MODES, { error: 'delivery must be poll or push' });

/** What the connection's page shows of its push delivery. */
export const pushStateSchema = z.object({
  /** The public URL carriers call (PUBLIC_URL + the connection's id): registered with each subscription. */
  callbackUrl: z.string(),
  /**
   * The carrier's `/event-subscriptions` endpoint push uses: the one set, else the one beside the events
   * endpoint; null when there is none (or the kind cannot push).
   */
  subscriptionsUrl: z.string().nullable(),
  /** Containers subscribed at the carrier. */
  subscribed: z.number().int(),
  /** Subscriptions being created, or waiting for the budget. */
  pending: z.number().int(),
  /** Subscriptions the carrier refused, retried later; `lastError` says why. */
  failing: z.number().int(),
  lastError: z.string().nullable(),
  /** When the carrier last delivered a correctly signed callback. */
  lastCallbackAt: z.string().nullable(),
});
export type PushState = z.infer<typeof pushStateSchema>;
