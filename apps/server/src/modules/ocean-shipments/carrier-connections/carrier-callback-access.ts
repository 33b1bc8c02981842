import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../../../app-context';
import { carrierConnections, type CarrierConnectionRow } from '../../../db/schema/carrier-connections';
import { carrierSubscriptions, type CarrierSubscriptionRow } from '../../../db/schema/carrier-subscriptions';
import {
  parseNotificationSignature,
  signedByOneOf,
} from '../../../integrations/tracking/dcsa/dcsa-subscriptions';
import { AppError } from '../../../lib/app-error';
import { enforceRateLimits } from '../../../lib/rate-limit';
import { isPushing } from './carrier-subscriptions.service';

/** Who calls a connection's callback URL, once the `carrier:callback` level let it in. */
export interface CarrierCallbackPrincipal {
  connection: CarrierConnectionRow;
  /** The subscription whose secret signed the body (POST); null for the HEAD check. */
  subscription: CarrierSubscriptionRow | null;
}

/** What the access plugin asks for the `carrier:callback` level. */
export interface CarrierCallbackGate {
  /** The pushing connection the path names, counted against its callback rate limit (404, 429). */
  admit(connectionId: unknown): Promise<CarrierConnectionRow>;
  /** The subscription that signed this body, or a 401 (the envelope) when none did. */
  verify(
    connection: CarrierConnectionRow,
    headers: IncomingHttpHeaders,
    body: unknown,
  ): Promise<CarrierSubscriptionRow>;
}

export const NO_CALLBACK = 'No carrier connection receives pushed events at this address.';
export const BAD_SIGNATURE =
  'The Notification-Signature does not match the body under this subscription’s secret.';
const NO_SIGNATURE =
  'The Notification-Signature header is missing or is not sha256=<hex HMAC-SHA256 of the body>.';
const NO_SUBSCRIPTION_ID = 'The Subscription-ID header is missing.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `carrier:callback` access level: carriers call without signing in, so the connection's id in the
 * path finds the connection (it must push: an unknown, disabled or polling one is not found) and
 * DCSA's signature proves the caller: the HMAC-SHA256 of the exact bytes received, under the secret of
 * the subscription named in `Subscription-ID` (or of one being created, whose id the carrier has not
 * told us yet), compared in constant time.
 */
export function createCarrierCallbackGate(
  ctx: Pick<AppContext, 'db' | 'config' | 'carrierConnections'>,
): CarrierCallbackGate {
  return {
    async admit(connectionId) {
      if (typeof connectionId !== 'string' || !UUID.test(connectionId))
        throw new AppError('NOT_FOUND', NO_CALLBACK);
      const [row] = await ctx.db
        .select()
        .from(carrierConnections)
        .where(eq(carrierConnections.id, connectionId));
      if (!row || !isPushing(row)) throw new AppError('NOT_FOUND', NO_CALLBACK);
      // Counted only for connections that exist: a stranger's guesses write no counters.
      await enforceRateLimits(ctx.db, [
        {
          key: `carrier-callback:${row.id}`,
          limit: ctx.config.carrierCallbackRateLimitPerMinute,
          windowSeconds: 60,
        },
      ]);
      return row;
    },

    async verify(connection, headers, body) {
      const signature = parseNotificationSignature(headers['notification-signature']);
      if (!signature) throw new AppError('UNAUTHENTICATED', NO_SIGNATURE);
      const named = headers['subscription-id'];
      if (typeof named !== 'string' || !named.trim())
        throw new AppError('UNAUTHENTICATED', NO_SUBSCRIPTION_ID);
      const candidates = await ctx.db
        .select()
        .from(carrierSubscriptions)
        .where(
          and(
            eq(carrierSubscriptions.connectionId, connection.id),
            or(
              eq(carrierSubscriptions.subscriptionId, named.trim()),
              // Created at the carrier a moment ago: its id is still on its way back to us.
              and(
                isNull(carrierSubscriptions.subscriptionId),
                gt(carrierSubscriptions.claimedUntil, new Date()),
              ),
            ),
          ),
        )
        .limit(20);
      const box = ctx.carrierConnections.secretBox();
      const secrets = candidates.map((c) => box.open(c.secret, c.id));
      const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      const index = signedByOneOf(raw, signature, secrets);
      if (index < 0) throw new AppError('UNAUTHENTICATED', BAD_SIGNATURE);
      return candidates[index]!;
    },
  };
}
