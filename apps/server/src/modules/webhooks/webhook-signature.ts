import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks' secret format: a prefix, then the key's bytes in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The HMAC key a secret stands for: the bytes after the prefix. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
    'base64',
  );
}

/**
 * The `webhook-signature` header (Standard Webhooks v1): HMAC-SHA256 with the secret's key over
 * `${id}.${timestamp}.${body}`, base64, as `v1,<signature>`. The id and the timestamp are the
 * `webhook-id` and `webhook-timestamp` headers, so a receiver can refuse replays of old requests.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const signature = createHmac('sha256', secretKey(secret))
    .update(`${id}.${String(timestamp)}.${body}`)
    .digest('base64');
  return `v1,${signature}`;
}

/** DCSA T&T 2.2's `Notification-Signature`: `sha256=` and the hex HMAC-SHA256 of the body alone. */
export function dcsaNotificationSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secretKey(secret)).update(body).digest('hex')}`;
}
