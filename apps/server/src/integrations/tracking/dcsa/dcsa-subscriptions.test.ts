import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { subscriptionsUrlFor } from '@tracklane/shared/carrier-connections/carrier-push.schema';
import {
  newSubscriptionSecret,
  notificationSignature,
  parseNotificationSignature,
  signedByOneOf,
} from './dcsa-subscriptions';

const body = Buffer.from('[{"eventID":"3cecb101-7a1a-43a4-9d62-e88a131651e2"}]\n');

describe('DCSA Notification-Signature', () => {
  it('is the hex HMAC-SHA256 of the exact bytes under the secret’s decoded bytes', () => {
    const secret = newSubscriptionSecret();
    expect(Buffer.from(secret, 'base64')).toHaveLength(64);
    const expected = createHmac('sha256', Buffer.from(secret, 'base64')).update(body).digest('hex');
    expect(notificationSignature(body, secret)).toBe(`sha256=${expected}`);
  });

  it('is read as 2.2 writes it, and nothing else', () => {
    const hex = 'ae688919f5e31f4c210ca6af362ce4d9ed87acfb51c1721a8507ee395de5e2de';
    expect(parseNotificationSignature(`sha256=${hex}`)?.toString('hex')).toBe(hex);
    expect(parseNotificationSignature(` SHA256=${hex.toUpperCase()} `)?.toString('hex')).toBe(hex);
    for (const refused of [
      undefined,
      '',
      hex,
      `sha1=${hex.slice(0, 40)}`,
      `sha256=${hex.slice(2)}`,
      `sha256=${hex}, sha256=${hex}`,
      `sha256=${'z'.repeat(64)}`,
    ])
      expect(parseNotificationSignature(refused), String(refused)).toBeNull();
    expect(parseNotificationSignature([`sha256=${hex}`, `sha256=${hex}`])).toBeNull();
  });

  it('names which of several secrets signed the body, and none for a changed body', () => {
    const secrets = [newSubscriptionSecret(), newSubscriptionSecret(), newSubscriptionSecret()];
    const signature = parseNotificationSignature(notificationSignature(body, secrets[1]!))!;
    expect(signedByOneOf(body, signature, secrets)).toBe(1);
    expect(signedByOneOf(Buffer.concat([body, Buffer.from(' ')]), signature, secrets)).toBe(-1);
    expect(signedByOneOf(body, signature, [secrets[0]!, secrets[2]!])).toBe(-1);
    expect(signedByOneOf(body, signature, [])).toBe(-1);
  });
});

describe('subscriptionsUrlFor', () => {
  it('finds /event-subscriptions beside a DCSA 2.2 events endpoint', () => {
    expect(subscriptionsUrlFor('https://api.carrier.example/v2/events')).toBe(
      'https://api.carrier.example/v2/event-subscriptions',
    );
    expect(subscriptionsUrlFor('https://api.maersk.com/track-and-trace-private/events/?x=1')).toBe(
      'https://api.maersk.com/track-and-trace-private/event-subscriptions',
    );
    expect(subscriptionsUrlFor('https://api.carrier.example/tnt/query')).toBeNull();
    expect(subscriptionsUrlFor('not a url')).toBeNull();
  });
});
