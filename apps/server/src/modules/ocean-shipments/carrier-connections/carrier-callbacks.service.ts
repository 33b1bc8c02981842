import { eq, sql } from 'drizzle-orm';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import type { AppContext } from '../../../app-context';
import { carrierConnections } from '../../../db/schema/carrier-connections';
import { carrierSubscriptions } from '../../../db/schema/carrier-subscriptions';
import { oceanShipments, trackedItems } from '../../../db/schema/tracking';
import { DCSA_SOURCE, toTrackingEvent } from '../../../integrations/tracking/dcsa/dcsa-provider';
import { describeDcsaIssues, parseDcsaEvents } from '../../../integrations/tracking/dcsa/dcsa-schema';
import { AppError } from '../../../lib/app-error';
import { withTransaction } from '../../../lib/transaction';
import { storeProvidedAnswers, type ProvidedAnswer } from '../../tracking/refresh.service';
import { announceConnections } from './announce-connections';
import type { CarrierCallbackPrincipal } from './carrier-callback-access';
import { organizationIs } from '../../../tenancy/scope';

type Ctx = Pick<AppContext, 'db' | 'pool' | 'tracking'>;

const ANNOUNCE_CALLBACKS_EVERY_MS = 60_000;

export interface CallbackOutcome {
  /** Followed containers the events were stored for. */
  items: number;
  /** Events new to them. */
  newEvents: number;
}

/** Container numbers are compared without the spaces and dashes some systems print them with. */
const equipmentKey = (value: string) => value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/**
 * The events a carrier pushed under one of a connection's subscriptions, checked and stored exactly as
 * a poll's answer would be. The body must be a DCSA Track & Trace 2.2 event array (validated with the
 * same schema as a poll; a 400 stores nothing). The events go to the organization's containers
 * followed through the connection: the subscription's own container (all its milestones, as a poll
 * of it returns them), and any other followed container an equipment event names; events of
 * containers nobody follows are dropped. Storing is the refresh's own transaction: derived view, list
 * columns, changes, notifications, webhooks and alerts follow as they do for a poll.
 */
export async function receiveCarrierEvents(
  ctx: Ctx,
  principal: CarrierCallbackPrincipal & {
    subscription: NonNullable<CarrierCallbackPrincipal['subscription']>;
  },
  body: Buffer,
  now: Date,
): Promise<CallbackOutcome> {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', 'The body is not JSON: a DCSA callback sends an array of events.');
  }
  const parsed = parseDcsaEvents(json, now);
  if (!parsed.success)
    throw new AppError(
      'VALIDATION',
      `The events are not valid DCSA Track & Trace 2.2: ${describeDcsaIssues(parsed.error)}.`,
    );
  const events = parsed.data;
  const { connection, subscription } = principal;

  const named = [
    ...new Set(
      events.flatMap((e) =>
        e.eventType === 'EQUIPMENT' && e.equipmentReference ? [equipmentKey(e.equipmentReference)] : [],
      ),
    ),
  ];
  // The organization's followed containers of this carrier, read with its own credentials (ADR 0035).
  const items = await ctx.db.execute<{ id: string; tracking_no: string }>(sql`
    SELECT i.id, i.tracking_no FROM ${trackedItems} i
    WHERE i.scope = 'organization' AND ${organizationIs(connection, sql`i.organization_id`)}
      AND i.carrier = ${connection.carrier} AND i.mode = 'ocean'
      AND i.state NOT IN ('completed', 'no_source')
      AND EXISTS (SELECT 1 FROM ${oceanShipments} s WHERE s.item_id = i.id AND NOT s.archived)
      AND (i.id = ${subscription.itemId} OR i.tracking_no = ANY (${sql.param(named)}::text[]))`);

  const provided: ProvidedAnswer[] = [];
  for (const item of items.rows) {
    const own = item.id === subscription.itemId;
    // Another followed container takes only the equipment events that name it.
    const mapped = events
      .filter(
        (e) =>
          own ||
          (e.eventType === 'EQUIPMENT' &&
            !!e.equipmentReference &&
            equipmentKey(e.equipmentReference) === item.tracking_no),
      )
      .map((e) => toTrackingEvent(e, item.tracking_no))
      .filter((e): e is TrackingEvent => e !== null);
    if (mapped.length)
      provided.push({ itemId: item.id, answer: { status: 'found', events: mapped }, source: DCSA_SOURCE });
  }
  const outcomes = await storeProvidedAnswers(ctx, ctx.tracking, provided, now);
  await withTransaction(ctx.pool, async ({ tx }) => {
    const [before] = await tx
      .select({ lastCallbackAt: carrierConnections.lastCallbackAt })
      .from(carrierConnections)
      .where(eq(carrierConnections.id, connection.id))
      .for('update');
    await tx
      .update(carrierConnections)
      .set({ lastCallbackAt: now })
      .where(eq(carrierConnections.id, connection.id));
    // The admins' open pages show the last callback; a busy carrier nudges them once a minute at most.
    const last = before?.lastCallbackAt?.getTime() ?? 0;
    if (now.getTime() - last >= ANNOUNCE_CALLBACKS_EVERY_MS)
      await announceConnections(tx, connection.organizationId);
  });
  await ctx.db
    .update(carrierSubscriptions)
    .set({ lastCallbackAt: now })
    .where(eq(carrierSubscriptions.id, subscription.id));
  return {
    items: outcomes.size,
    newEvents: [...outcomes.values()].reduce((n, o) => n + o.newEvents, 0),
  };
}
