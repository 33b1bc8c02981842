import { inArray } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { trackedItems } from '../../db/schema/tracking';
import type { ProviderAnswer } from '../../integrations/tracking/provider';
import type { ItemsChangedSubscriber } from './items-changed';
import type { ModeEvent, TrackingModes } from './tracking-mode';
import { storeAnswers, type Asked, type RefreshError, type RefreshOutcome } from './store-answers';

export { claimDueItems, wakeItems } from './due-items';
export { copyToSubscriptions, eventDigest, type RefreshError, type RefreshOutcome } from './store-answers';

// The schedule lives apart (no imports) so that modules it feeds, such as the dashboard's rules, can
// read it without importing the engine.
export { failureBackoff, NOT_FOUND_RECHECK_MS, notFoundBackoff } from './backoff';

/** The engine's wiring: the modes, and how many not-found answers move an item to not found. */
export interface TrackingEngine {
  modes: TrackingModes;
  /** Answers of "unknown" in a row before an item without data moves to not found (config). */
  notFoundAttempts: number;
  /** Every organization may have demo data where it has no real source (DEMO_CARRIERS; ADR 0035). */
  demoCarriers: boolean;
  /**
   * Who hears, inside each refresh's transaction, which items changed (notifications, webhooks,
   * alerts, live pages), in this order; the composition root lists them.
   */
  onItemsChanged: readonly ItemsChangedSubscriber[];
}

/**
 * Asks the providers about tracked items of any mode, all at once, and stores what is new. Events are
 * only ever added (an outage or a bad answer never removes what we have); each item's derived view is
 * recomputed from all of its events, and what changed since the last view (the mode's
 * `detectChanges`; "not found" for every mode) is stored and notified to the followers.
 *
 * Everything the answers bring is written in one transaction with the items locked, in a few
 * statements for the whole batch (store-answers.ts): the events, the items, their subscriptions'
 * list columns, the changes, and what the features announced to (notifications, webhooks, alerts,
 * live pages) write. A failure anywhere leaves nothing half-written; the batch is then stored item by
 * item, so one item the database refuses does not hold back the others (it is answered as an error,
 * and its retry sees its events as new again).
 */
export async function refreshItems(
  database: Pick<DatabaseHandle, 'db' | 'pool'>,
  engine: TrackingEngine,
  itemIds: readonly string[],
  now: Date,
): Promise<Map<string, RefreshOutcome | RefreshError>> {
  const outcomes = new Map<string, RefreshOutcome | RefreshError>(
    itemIds.map((id) => [id, { result: 'skipped', newEvents: 0 }]),
  );
  const items = itemIds.length
    ? await database.db
        .select()
        .from(trackedItems)
        .where(inArray(trackedItems.id, [...itemIds]))
    : [];
  const asked = (
    await Promise.all(
      // Nobody is asked about an item without a data source (its followers are rescoped first).
      items
        .filter((item) => item.state !== 'completed' && item.scope !== 'none')
        .map(async (item): Promise<Asked | null> => {
          const mode = engine.modes[item.mode];
          const provider = await mode.sources.provider(item);
          // Its source is gone (a connection deleted, a carrier no longer configured) and its followers
          // are not rescoped yet: nothing to ask, and nothing else may answer for this scope.
          if (!provider) return null;
          try {
            return { item, answer: await provider.track(mode.query(item), now), source: provider.source };
          } catch (error) {
            return { item, error, source: provider.source };
          }
        }),
    )
  ).filter((a): a is Asked => a !== null);
  if (asked.length === 0) return outcomes;
  try {
    for (const [id, outcome] of await storeAnswers(database, engine, asked, now)) outcomes.set(id, outcome);
  } catch (error) {
    if (asked.length === 1) outcomes.set(asked[0]!.item.id, { result: 'error', newEvents: 0, error });
    else
      for (const one of asked) {
        try {
          for (const [id, outcome] of await storeAnswers(database, engine, [one], now))
            outcomes.set(id, outcome);
        } catch (err) {
          outcomes.set(one.item.id, { result: 'error', newEvents: 0, error: err });
        }
      }
  }
  // Then what else the items' organizations connected (a terminal), from the views just stored.
  for (const mode of Object.values(engine.modes)) {
    const ofMode = asked.filter((a) => a.item.mode === mode.mode).map((a) => a.item.id);
    if (mode.afterRefresh && ofMode.length) await mode.afterRefresh(database, ofMode, now);
  }
  return outcomes;
}

/** What a carrier sent about an item without being asked (a pushed callback), as a provider answers. */
export interface ProvidedAnswer {
  itemId: string;
  answer: ProviderAnswer<ModeEvent, object>;
  /** The provider's source, as a poll of the item records it (the events' identity includes it). */
  source: string;
}

/**
 * Stores answers a carrier pushed, through the very transaction a poll's answers go through (events,
 * derived view, list columns, changes, notifications, webhooks, alerts): a pushed event and the same
 * event polled later are one event. Items that are gone, completed or without a source are skipped.
 * Throws the database's error (nothing is stored then), so the caller can refuse the delivery.
 */
export async function storeProvidedAnswers(
  database: Pick<DatabaseHandle, 'db' | 'pool'>,
  engine: TrackingEngine,
  provided: readonly ProvidedAnswer[],
  now: Date,
): Promise<Map<string, RefreshOutcome>> {
  if (provided.length === 0) return new Map();
  const items = await database.db
    .select()
    .from(trackedItems)
    .where(inArray(trackedItems.id, [...new Set(provided.map((p) => p.itemId))]));
  const byId = new Map(items.map((item) => [item.id, item]));
  const asked = provided.flatMap((p): Asked[] => {
    const item = byId.get(p.itemId);
    return item && item.state !== 'completed' && item.scope !== 'none'
      ? [{ item, answer: p.answer, source: p.source, partial: true }]
      : [];
  });
  return asked.length ? storeAnswers(database, engine, asked, now) : new Map();
}

/** {@link refreshItems} for one item: its outcome, or the database's error thrown. */
export async function refreshItem(
  database: Pick<DatabaseHandle, 'db' | 'pool'>,
  engine: TrackingEngine,
  itemId: string,
  now: Date,
): Promise<RefreshOutcome> {
  const outcome = (await refreshItems(database, engine, [itemId], now)).get(itemId)!;
  if (outcome.result === 'error') throw outcome.error;
  return outcome;
}
