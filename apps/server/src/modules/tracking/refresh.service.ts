import { isDeepStrictEqual } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import { trackedItems, trackingEvents, UNKNOWN_TIME, type TrackingState } from '../../db/schema/tracking';
import { withTransaction } from '../../lib/transaction';
import { NOT_FOUND_CHANGE, recordChanges } from '../notifications/record-changes';
import { emitShipmentChanged } from '../webhooks/shipment-webhooks';
import { failureBackoff, MINUTE, NOT_FOUND_RECHECK_MS, notFoundBackoff } from './backoff';
import type { ModeEvent, TrackedItem, TrackingModes } from './tracking-mode';

// The schedule lives apart (no imports) so that modules it feeds, such as the dashboard's rules, can
// read it without importing the engine.
export { failureBackoff, NOT_FOUND_RECHECK_MS, notFoundBackoff } from './backoff';

/** The engine's wiring: the modes, and how many not-found answers move an item to not found. */
export interface TrackingEngine {
  modes: TrackingModes;
  /** Answers of "unknown" in a row before an item without data moves to not found (config). */
  notFoundAttempts: number;
}


/** Every stored event of an item, as its mode shaped it, oldest first. */
export async function loadEvents<E extends ModeEvent>(db: Database, itemId: string): Promise<E[]> {
  const rows = await db
    .select({ data: trackingEvents.data })
    .from(trackingEvents)
    .where(eq(trackingEvents.itemId, itemId))
    .orderBy(asc(trackingEvents.eventTime), asc(trackingEvents.id));
  return rows.map((r) => r.data as unknown as E);
}

/** Copies an item's list columns into its subscriptions (at intake, for an item already known). */
export async function copyToSubscriptions(
  db: Database,
  modes: TrackingModes,
  item: Pick<TrackedItem, 'id' | 'mode' | 'derived' | 'state'>,
): Promise<void> {
  await modes[item.mode].copyToSubscriptions(db, item.id, item.derived, item.state);
}

export interface RefreshOutcome {
  result: 'changed' | 'unchanged' | 'not_found' | 'failed' | 'skipped';
  newEvents: number;
}

/** What a provider gave, without the values it left out (those stay as we had them). */
function mergeFacts(had: Record<string, unknown>, given: object | undefined): Record<string, unknown> {
  const merged = { ...had };
  for (const [key, value] of Object.entries(given ?? {})) if (value !== undefined) merged[key] = value;
  return merged;
}

/**
 * Asks the provider about one tracked item of any mode and stores what is new. Events are only ever
 * added (an outage or a bad answer never removes what we have); the derived view is recomputed from
 * all of them, and what changed since the last view (the mode's `detectChanges`; "not found" for
 * every mode) is stored and notified to the followers. Storing the events, updating the item, its
 * subscriptions' list columns, the changes and the notifications happen in one transaction: a failure anywhere leaves nothing half-written, so the retry sees the
 * events as new again.
 */
export async function refreshItem(
  { db, pool }: Pick<DatabaseHandle, 'db' | 'pool'>,
  engine: TrackingEngine,
  itemId: string,
  now: Date,
): Promise<RefreshOutcome> {
  const [item] = await db.select().from(trackedItems).where(eq(trackedItems.id, itemId));
  if (!item || item.state === 'completed') return { result: 'skipped', newEvents: 0 };
  const mode = engine.modes[item.mode];
  const provider = mode.providerFor(item.carrier);
  const checked = { lastCheckedAt: now, lastSource: provider.source };

  let answer;
  try {
    answer = await provider.track(mode.query(item), now);
  } catch (err) {
    const failures = item.consecutiveFailures + 1;
    await db
      .update(trackedItems)
      .set({
        ...checked,
        consecutiveFailures: failures,
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        nextCheckAt: new Date(now.getTime() + failureBackoff(failures)),
      })
      .where(eq(trackedItems.id, itemId));
    return { result: 'failed', newEvents: 0 };
  }

  if (answer.status === 'not_found') {
    const checks = item.notFoundChecks + 1;
    const state: TrackingState =
      item.state === 'not_found' || (checks >= engine.notFoundAttempts && !item.derived)
        ? 'not_found'
        : item.state;
    await withTransaction(pool, async ({ tx }) => {
      await tx
        .update(trackedItems)
        .set({
          ...checked,
          state,
          notFoundChecks: checks,
          consecutiveFailures: 0,
          lastError: null,
          nextCheckAt: new Date(
            now.getTime() + (state === 'not_found' ? NOT_FOUND_RECHECK_MS : notFoundBackoff(checks)),
          ),
        })
        .where(eq(trackedItems.id, itemId));
      if (state !== item.state) {
        await mode.copyToSubscriptions(tx, itemId, item.derived, state);
        if (state === 'not_found') {
          await recordChanges(tx, mode.subscriptionTable, itemId, [NOT_FOUND_CHANGE], now);
          await emitShipmentChanged(tx, {
            mode: mode.mode,
            itemId,
            changes: [NOT_FOUND_CHANGE],
            trackingEventIds: [],
          });
        }
      }
    });
    return { result: 'not_found', newEvents: 0 };
  }

  return withTransaction(pool, async ({ tx }) => {
    // Locked: a refresh of the same item elsewhere waits, then derives from our events too.
    const [current] = await tx.select().from(trackedItems).where(eq(trackedItems.id, itemId)).for('update');
    if (!current) return { result: 'skipped', newEvents: 0 } satisfies RefreshOutcome;
    const inserted = answer.events.length
      ? await tx
          .insert(trackingEvents)
          .values(
            answer.events.map((e) => {
              const eventTime = new Date(e.eventTime);
              const eventCreatedAt = new Date(e.createdAt);
              // Times in one form (UTC, milliseconds), whatever offset the provider wrote them with.
              const data = {
                ...e,
                eventTime: eventTime.toISOString(),
                createdAt: eventCreatedAt.toISOString(),
              };
              return {
                itemId,
                source: provider.source,
                eventId: e.eventId,
                classifier: e.classifier,
                eventTime,
                eventCreatedAt,
                receivedAt: now,
                data,
              };
            }),
          )
          .onConflictDoNothing()
          .returning({ id: trackingEvents.id })
      : [];
    const facts = mergeFacts(current.facts, answer.facts);
    const derived = mode.derive(await loadEvents(tx, itemId), facts);
    // jsonb does not keep key order, so compare structurally.
    const changed = !isDeepStrictEqual(JSON.parse(JSON.stringify(derived)), current.derived);
    const changedAt = changed ? now : (current.changedAt ?? now);
    const next = mode.nextCheck(derived, changedAt, now);
    const state: TrackingState = next.completed ? 'completed' : 'active';
    await tx
      .update(trackedItems)
      .set({
        ...checked,
        derived,
        changedAt,
        state,
        facts,
        notFoundChecks: 0,
        consecutiveFailures: 0,
        lastError: null,
        nextCheckAt: next.at ?? UNKNOWN_TIME,
      })
      .where(eq(trackedItems.id, itemId));
    if (changed || state !== current.state) await mode.copyToSubscriptions(tx, itemId, derived, state);
    const changes = changed ? mode.detectChanges(current.derived ?? null, derived) : [];
    if (changed) await recordChanges(tx, mode.subscriptionTable, itemId, changes, now);
    // Webhook endpoints hear of the change in the same transaction (nothing when nothing is new).
    await emitShipmentChanged(tx, {
      mode: mode.mode,
      itemId,
      changes,
      trackingEventIds: inserted.map((e) => e.id),
    });
    return { result: changed ? 'changed' : 'unchanged', newEvents: inserted.length } satisfies RefreshOutcome;
  });
}

/**
 * Claims up to `limit` items of any mode that are due, pushing their next check out by a lease so
 * that another poller skips them while they are being refreshed.
 */
export async function claimDueItems(db: Database, now: Date, limit: number): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    UPDATE ${trackedItems} SET next_check_at = ${new Date(now.getTime() + 10 * MINUTE)}
    WHERE id IN (
      SELECT id FROM ${trackedItems}
      WHERE state <> 'completed' AND next_check_at <= ${now}
      ORDER BY next_check_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  return rows.rows.map((r) => r.id);
}
