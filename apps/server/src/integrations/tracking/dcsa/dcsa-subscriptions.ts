import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ErrorClass } from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import {
  CarrierRateLimitedError,
  DcsaError,
  DEFAULT_TIMEOUT_MS,
  readBody,
  retryAfter,
  type Connection,
} from './dcsa-provider';

/**
 * DCSA Track & Trace 2.2 event subscriptions (`/v2/event-subscriptions`, shared/reference/dcsa) and the
 * DCSA Subscription Callback API 1.0 they use: the subscriber sends a shared secret with each
 * subscription; the carrier then POSTs arrays of events to the callback URL, signed in the
 * `Notification-Signature` header as `sha256=<hex HMAC-SHA256 of the raw body>` under the secret's bytes,
 * and names the subscription in `Subscription-ID`.
 */

/** DCSA's reference implementation takes exactly 64 bytes for an HMAC-SHA256 secret. */
export const SUBSCRIPTION_SECRET_BYTES = 64;
/** The event types a container's milestones come from; shipment (document) events are left out. */
export const SUBSCRIBED_EVENT_TYPES = ['TRANSPORT', 'EQUIPMENT'] as const;
/** A subscription answer is a small object: anything near this is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** A fresh shared secret, base64 (2.2's `secret` is `format: byte`). */
export function newSubscriptionSecret(): string {
  return randomBytes(SUBSCRIPTION_SECRET_BYTES).toString('base64');
}

/** The signature a carrier computes over a callback's raw body with a subscription's secret. */
export function notificationSignature(body: Buffer | string, secretBase64: string): string {
  return `sha256=${createHmac('sha256', Buffer.from(secretBase64, 'base64')).update(body).digest('hex')}`;
}

/**
 * The HMAC a `Notification-Signature` header carries, or null when it is missing, ambiguous (several
 * headers) or not `sha256=<64 hex digits>` (the only type 2.2 defines).
 */
export function parseNotificationSignature(header: string | string[] | undefined): Buffer | null {
  if (typeof header !== 'string') return null;
  const match = /^\s*([A-Za-z0-9+_-]+)=([0-9a-fA-F]+)\s*$/.exec(header);
  if (!match || match[1]!.toLowerCase() !== 'sha256' || match[2]!.length !== 64) return null;
  return Buffer.from(match[2]!, 'hex');
}

/**
 * Whether `signature` (from {@link parseNotificationSignature}) is the HMAC of `body` under one of the
 * secrets. Every secret is tried and compared in constant time, so the answer's timing tells nothing
 * about which secret came close.
 */
export function signedByOneOf(body: Buffer, signature: Buffer, secretsBase64: readonly string[]): number {
  let found = -1;
  secretsBase64.forEach((secret, index) => {
    const expected = createHmac('sha256', Buffer.from(secret, 'base64')).update(body).digest();
    if (timingSafeEqual(expected, signature) && found < 0) found = index;
  });
  return found;
}

export interface SubscriptionRequest {
  subscriptionsUrl: string;
  callbackUrl: string;
  /** Base64, as sent. */
  secret: string;
  referenceType: 'equipmentReference' | 'transportDocumentReference';
  reference: string;
}

const createdSchema = z.object({ subscriptionID: z.string().trim().min(1).max(100) });

/** Creates a subscription at the carrier: its `subscriptionID`. */
export async function createDcsaSubscription(
  connection: Connection,
  request: SubscriptionRequest,
  now: Date,
): Promise<string> {
  const body = JSON.stringify({
    callbackUrl: request.callbackUrl,
    secret: request.secret,
    eventType: SUBSCRIBED_EVENT_TYPES,
    [request.referenceType]: request.reference,
  });
  const answer = await send(connection, 'POST', new URL(request.subscriptionsUrl), body, now);
  const fail = failure(connection.scac);
  if (answer.status === 404)
    throw fail(
      `the carrier offers no event subscriptions at ${request.subscriptionsUrl} (HTTP 404)`,
      'not_allowed',
    );
  if (answer.status !== 201 && answer.status !== 200) throw refusal(connection.scac, answer);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    throw fail('the carrier answered a new subscription with something that is not JSON', 'not_dcsa');
  }
  const created = createdSchema.safeParse(parsed);
  if (!created.success)
    throw fail('the carrier answered a new subscription without its subscriptionID', 'not_dcsa');
  return created.data.subscriptionID;
}

/** Stops a subscription at the carrier; `gone` when the carrier no longer has it. */
export async function deleteDcsaSubscription(
  connection: Connection,
  subscriptionsUrl: string,
  subscriptionId: string,
  now: Date,
): Promise<'deleted' | 'gone'> {
  const url = new URL(`${subscriptionsUrl.replace(/\/+$/, '')}/${encodeURIComponent(subscriptionId)}`);
  const answer = await send(connection, 'DELETE', url, null, now);
  if (answer.status === 404) return 'gone';
  if (answer.status >= 200 && answer.status < 300) return 'deleted';
  throw refusal(connection.scac, answer);
}

interface Answer {
  status: number;
  text: string;
  retryAt: Date;
}

const failure =
  (scac: string) =>
  (reason: string, errorClass: ErrorClass, cause?: unknown): DcsaError =>
    new DcsaError(`DCSA ${scac}: ${reason}`, errorClass, { cause });

/** What a refused subscription call means, with the carrier's own reason when it gave one (DCSA's error object). */
function refusal(scac: string, answer: Answer): Error {
  const fail = failure(scac);
  if (answer.status === 401 || answer.status === 403)
    return fail(
      `the carrier connection's credentials were refused for event subscriptions (HTTP ${String(answer.status)})`,
      answer.status === 401 ? 'wrong_credentials' : 'not_allowed',
    );
  if (answer.status === 429)
    return new CarrierRateLimitedError(
      `DCSA ${scac}: the carrier is rate-limiting us (HTTP 429); asking again after ${answer.retryAt.toISOString()}`,
      answer.retryAt,
    );
  const reason = carrierReason(answer.text);
  if (answer.status >= 400 && answer.status < 500)
    return fail(
      `the carrier refused the subscription (HTTP ${String(answer.status)}${reason ? `: ${reason}` : ''})`,
      'not_allowed',
    );
  return fail(`the carrier answered HTTP ${String(answer.status)}`, 'unreachable');
}

const dcsaErrorSchema = z.object({
  errors: z.array(z.object({ message: z.string().optional(), reason: z.string().optional() })).optional(),
  statusCodeText: z.string().optional(),
  message: z.string().optional(),
});

/** The first reason a DCSA error object gives, on one short line; '' when there is none. */
function carrierReason(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return '';
  }
  const parsed = dcsaErrorSchema.safeParse(body);
  if (!parsed.success) return '';
  const first = parsed.data.errors?.[0];
  const words = first?.message ?? first?.reason ?? parsed.data.message ?? parsed.data.statusCodeText ?? '';
  return words.replace(/\s+/g, ' ').trim().slice(0, 200);
}

async function send(
  connection: Connection,
  method: 'POST' | 'DELETE',
  url: URL,
  body: string | null,
  now: Date,
): Promise<Answer> {
  const first = await sendOnce(connection, method, url, body, now);
  if (first.answer.status !== 401 || !connection.auth?.renew) return first.answer;
  // A token the carrier revoked or expired early: one fresh one, one more try.
  await connection.auth.renew(first.sent);
  return (await sendOnce(connection, method, url, body, now)).answer;
}

async function sendOnce(
  connection: Connection,
  method: 'POST' | 'DELETE',
  url: URL,
  body: string | null,
  now: Date,
): Promise<{ answer: Answer; sent: Record<string, string> }> {
  const fail = failure(connection.scac);
  const timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const sent = connection.auth ? await connection.auth.headers() : {};
  const headers = new Headers(connection.fixed);
  for (const [name, value] of Object.entries(sent)) headers.set(name, value);
  if (body !== null) headers.set('content-type', 'application/json');
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await (connection.fetch ?? fetch)(url, {
      method,
      headers,
      ...(body === null ? {} : { body }),
      // A redirect could carry the credentials elsewhere.
      redirect: 'manual',
      signal,
    });
    const text = (await readBody(response, MAX_ANSWER_BYTES)) ?? '';
    return {
      answer: {
        status: response.status,
        text,
        retryAt: retryAfter(response.headers.get('retry-after'), now),
      },
      sent,
    };
  } catch (err) {
    if (signal.aborted || (err instanceof Error && err.name === 'TimeoutError'))
      throw fail(`the carrier did not answer within ${String(timeoutMs)} ms`, 'unreachable', err);
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
    throw fail(`the carrier could not be reached (${cause})`, 'unreachable', err);
  }
}
