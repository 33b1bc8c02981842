import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { asc, inArray } from 'drizzle-orm';
import { EXCEPTION_THRESHOLDS } from '@tracklane/shared/exceptions/exceptions.schema';
import type { ChangeRecord } from '@tracklane/shared/notifications/notification-types';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database, DatabaseHandle } from '../../db/client';
import { trackedItems, trackingEvents, UNKNOWN_TIME, type TrackingState } from '../../db/schema/tracking';
import { ProviderDeferredError, type ProviderAnswer } from '../../integrations/tracking/provider';
import { withTransaction } from '../../lib/transaction';
import { updateRows } from '../../lib/update-rows';
import { failureBackoff, MINUTE, NOT_FOUND_RECHECK_MS, notFoundBackoff } from './backoff';
import { insertEvents, knownEventIds } from './event-store';
import { WITHDRAWN_FACT, withdrawnOf } from './withdrawn-events';
import { announceItemsChanged, NOT_FOUND_CHANGE } from './items-changed';
import { pushedItemIds } from './pushed-items';
import type { TrackingEngine } from './refresh.service';
import type { ModeEvent, TrackedItem, TrackingModes } from './tracking-mode';

/** Every stored event of these items, as their modes shaped them, oldest first, by item. */
export async function loadEvents(
  db: Database,
  itemIds: readonly string[],
): Promise<Map<string, ModeEvent[]>> {
  const byItem = new Map<string, ModeEvent[]>(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({ itemId: trackingEvents.itemId, data: trackingEvents.data })
    .from(trackingEvents)
    .where(inArray(trackingEvents.itemId, [...itemIds]))
    .orderBy(asc(trackingEvents.itemId), asc(trackingEvents.eventTime), asc(trackingEvents.id));
  for (const r of rows) byItem.get(r.itemId)!.push(r.data as unknown as ModeEvent);
  return byItem;
}

/**
 * Copies items' list columns into every workspace subscription of each (at intake, for an item
 * already known; and in every refresh that changes an item): one UPDATE per mode.
 */
export async function copyToSubscriptions(
  db: Database,
  modes: TrackingModes,
  items: readonly Pick<TrackedItem, 'id' | 'mode' | 'derived' | 'state'>[],
): Promise<void> {
  for (const mode of Object.values(modes)) {
    const rows = items
      .filter((item) => item.mode === mode.mode)
      .map((item) => ({ itemId: item.id, ...mode.listColumns(item.derived, item.state) }));
    await updateRows(db, mode.features.table, 'itemId', rows);
    if (mode.afterCopy && rows.length)
      await mode.afterCopy(
        db,
        rows.map((row) => row.itemId),
      );
  }
}

export interface RefreshOutcome {
  /** `deferred`: the provider may not be asked now (budget, Retry-After); asked again at its time. */
  result: 'changed' | 'unchanged' | 'not_found' | 'failed' | 'deferred' | 'skipped';
  newEvents: number;
}

/** An item whose provider answer could not be stored (the database refused): its error. */
export interface RefreshError {
  result: 'error';
  newEvents: 0;
  error: unknown;
}

/** What a provider gave, without the values it left out (those stay as we had them). */
function mergeFacts(had: Record<string, unknown>, given: object | undefined): Record<string, unknown> {
  const merged = { ...had };
  for (const [key, value] of Object.entries(given ?? {})) if (value !== undefined) merged[key] = value;
  return merged;
}

/**
 * A provider's answer about one item, or what it threw. `partial`: the answer carries only some of the
 * item's events (a carrier's push), so what it leaves out is not withdrawn.
 */
export type Asked =
  | { item: TrackedItem; answer: ProviderAnswer<ModeEvent, object>; source: string; partial?: boolean }
  | { item: TrackedItem; error: unknown; source: string };

/**
 * The item's facts with the events its source no longer lists: those stored from that source and
 * missing from a full answer; a partial answer (a push) only lists some again. Left out when none.
 */
function withWithdrawn(
  facts: Record<string, unknown>,
  item: Pick<TrackedItem, 'id'>,
  source: string,
  answer: ProviderAnswer<ModeEvent, object> & { status: 'found' },
  partial: boolean,
  known: ReadonlySet<string>,
): Record<string, unknown> {
  const listed = new Set(answer.events.map((e) => e.eventId));
  const had = withdrawnOf(facts);
  const prefix = `${item.id}|${source}|`;
  const withdrawn = partial
    ? had.filter((id) => !listed.has(id))
    : [...known]
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(prefix.length))
        .filter((id) => !listed.has(id));
  const { [WITHDRAWN_FACT]: _dropped, ...rest } = facts;
  return withdrawn.length ? { ...rest, [WITHDRAWN_FACT]: withdrawn.sort() } : rest;
}

/**
 * The item was last checked so long ago (or never) that its silence may count as "no update": a check
 * now ends that silence. Read from the locked row, so an item checked recently costs nothing more.
 */
function silenceEnds(item: Pick<TrackedItem, 'lastCheckedAt'>, now: Date): boolean {
  const silence = EXCEPTION_THRESHOLDS.noUpdateDays * 24 * 60 * MINUTE;
  return !item.lastCheckedAt || now.getTime() - item.lastCheckedAt.getTime() >= silence;
}

/** The item columns a refresh writes, and the changes it found, per item. */
interface ItemWrite {
  id: string;
  mode: TrackingMode;
  set: Partial<TrackedItem>;
  /** The item's new list columns go to its subscriptions. */
  copy: { derived: unknown; state: TrackingState } | null;
  changes: ChangeRecord[];
  insertedEventIds: number[];
  outcome: RefreshOutcome;
  /** It is checked now after a silence (`silenceEnds`). */
  silenceEnded: boolean;
}

/**
 * Stores a batch of answers in one transaction (refresh.service.ts: what it writes, and why in one).
 */
export async function storeAnswers(
  { pool }: Pick<DatabaseHandle, 'pool'>,
  engine: TrackingEngine,
  asked: readonly Asked[],
  now: Date,
): Promise<Map<string, RefreshOutcome>> {
  return withTransaction(pool, async ({ tx }) => {
    // Locked, in one order so that two batches never wait on each other: a refresh of the same item
    // elsewhere waits, then derives from our events too.
    const ids = asked.map((a) => a.item.id);
    const locked = await tx
      .select()
      .from(trackedItems)
      .where(inArray(trackedItems.id, ids))
      .orderBy(asc(trackedItems.id))
      .for('update');
    const current = new Map(locked.map((item) => [item.id, item]));
    // Items whose carrier pushes their events are asked only as a safety net (schedule.ts).
    const pushed = await pushedItemIds(tx, ids);

    const found = asked.flatMap((a) => {
      const item = current.get(a.item.id);
      return item && 'answer' in a && a.answer.status === 'found'
        ? [{ item, answer: a.answer, source: a.source, partial: a.partial ?? false }]
        : [];
    });
    // Only events we do not have yet are sent back to the database, and only items whose answer names
    // other events than the last one stored are asked which: a routine refresh has few or none.
    const digests = new Map(found.map(({ item, answer, source }) => [item.id, eventDigest(source, answer)]));
    const news = found.filter(({ item }) => digests.get(item.id) !== item.eventDigest);
    const known = await knownEventIds(
      tx,
      news.map((f) => f.item.id),
    );
    const inserted = await insertEvents(
      tx,
      news.flatMap(({ item, answer, source }) =>
        answer.events
          .filter((event) => !known.has(`${item.id}|${source}|${event.eventId}`))
          .map((event) => ({ itemId: item.id, source, event })),
      ),
      now,
    );
    // Nothing new from the carrier (no event, the same facts): the view stays as derived, and its
    // events need not be read.
    // Another set of events than the last one stored: what the source no longer lists is withdrawn.
    const relisted = new Set(news.map((f) => f.item.id));
    const facts = new Map(
      found.map(({ item, answer, source, partial }) => {
        const merged = mergeFacts(item.facts, answer.facts);
        return [
          item.id,
          relisted.has(item.id) ? withWithdrawn(merged, item, source, answer, partial, known) : merged,
        ];
      }),
    );
    const rederive = found.filter(
      ({ item }) =>
        !item.derived || inserted.has(item.id) || !isDeepStrictEqual(facts.get(item.id), item.facts),
    );
    const events = await loadEvents(
      tx,
      rederive.map((f) => f.item.id),
    );
    const writes: ItemWrite[] = [];
    for (const a of asked) {
      const item = current.get(a.item.id);
      if (!item) continue;
      const mode = engine.modes[item.mode];
      const checked = { lastCheckedAt: now, lastSource: a.source };
      if ('error' in a && a.error instanceof ProviderDeferredError) {
        // Not asked (its budget is spent, or the carrier said Retry-After): again at that time, with
        // no failure counted and nothing shown to users.
        writes.push({
          id: item.id,
          mode: item.mode,
          set: { nextCheckAt: a.error.retryAt > now ? a.error.retryAt : new Date(now.getTime() + MINUTE) },
          copy: null,
          changes: [],
          insertedEventIds: [],
          outcome: { result: 'deferred', newEvents: 0 },
          silenceEnded: false,
        });
      } else if ('error' in a) {
        const failures = item.consecutiveFailures + 1;
        writes.push({
          id: item.id,
          mode: item.mode,
          set: {
            ...checked,
            consecutiveFailures: failures,
            lastError: (a.error instanceof Error ? a.error.message : String(a.error)).slice(0, 500),
            nextCheckAt: new Date(now.getTime() + failureBackoff(failures)),
          },
          copy: null,
          changes: [],
          insertedEventIds: [],
          outcome: { result: 'failed', newEvents: 0 },
          silenceEnded: silenceEnds(item, now),
        });
      } else if (a.answer.status === 'not_found') {
        const checks = item.notFoundChecks + 1;
        const state: TrackingState =
          item.state === 'not_found' || (checks >= engine.notFoundAttempts && !item.derived)
            ? 'not_found'
            : item.state;
        const moved = state !== item.state;
        writes.push({
          id: item.id,
          mode: item.mode,
          set: {
            ...checked,
            state,
            notFoundChecks: checks,
            consecutiveFailures: 0,
            lastError: null,
            nextCheckAt: new Date(
              now.getTime() + (state === 'not_found' ? NOT_FOUND_RECHECK_MS : notFoundBackoff(checks)),
            ),
          },
          copy: moved ? { derived: item.derived, state } : null,
          changes: moved && state === 'not_found' ? [NOT_FOUND_CHANGE] : [],
          insertedEventIds: [],
          outcome: { result: 'not_found', newEvents: 0 },
          silenceEnded: silenceEnds(item, now),
        });
      } else {
        const itemEvents = events.get(item.id);
        const derived = itemEvents ? mode.derive(itemEvents, facts.get(item.id)!) : item.derived;
        // jsonb does not keep key order, so compare structurally.
        const changed =
          itemEvents !== undefined && !isDeepStrictEqual(JSON.parse(JSON.stringify(derived)), item.derived);
        const changedAt = changed ? now : (item.changedAt ?? now);
        const next = mode.nextCheck(derived, changedAt, now, { pushed: pushed.has(item.id) });
        const state: TrackingState = next.completed ? 'completed' : 'active';
        const insertedEventIds = inserted.get(item.id) ?? [];
        writes.push({
          id: item.id,
          mode: item.mode,
          set: {
            ...checked,
            // The view and facts are written only when they were derived again.
            ...(itemEvents ? { derived, changedAt, facts: facts.get(item.id)! } : {}),
            eventDigest: digests.get(item.id)!,
            state,
            notFoundChecks: 0,
            consecutiveFailures: 0,
            lastError: null,
            nextCheckAt: next.at ?? UNKNOWN_TIME,
          },
          copy: changed || state !== item.state ? { derived, state } : null,
          changes: changed ? mode.detectChanges(item.derived ?? null, derived) : [],
          insertedEventIds,
          outcome: { result: changed ? 'changed' : 'unchanged', newEvents: insertedEventIds.length },
          silenceEnded: silenceEnds(item, now),
        });
      }
    }
    // One UPDATE per shape of write (failed, not found, found): rows of one statement carry the same columns.
    const shapes = new Map<string, Partial<TrackedItem>[]>();
    for (const w of writes) {
      const shape = Object.keys(w.set).join();
      const rows = shapes.get(shape);
      if (rows) rows.push({ id: w.id, ...w.set });
      else shapes.set(shape, [{ id: w.id, ...w.set }]);
    }
    for (const rows of shapes.values()) await updateRows(tx, trackedItems, 'id', rows);
    await copyToSubscriptions(
      tx,
      engine.modes,
      writes.flatMap((w) => (w.copy ? [{ id: w.id, mode: w.mode, ...w.copy }] : [])),
    );
    // Announced once, whichever features listen: nothing when nothing is new.
    await announceItemsChanged(engine.onItemsChanged, {
      tx,
      modes: engine.modes,
      now,
      items: writes
        .filter((w) => w.changes.length > 0 || w.insertedEventIds.length > 0 || w.copy || w.silenceEnded)
        .map((w) => ({
          itemId: w.id,
          mode: w.mode,
          changes: w.changes,
          trackingEventIds: w.insertedEventIds,
          columnsChanged: w.copy !== null,
          silenceEnded: w.silenceEnded,
        })),
    });
    return new Map(writes.map((w) => [w.id, w.outcome]));
  });
}

/**
 * What identifies an answer's events (the source and the carrier's event ids, in any order): equal
 * digests name the same events. SHA-256 of the sorted ids, base64.
 */
export function eventDigest(source: string, answer: { events: readonly { eventId: string }[] }): string {
  const hash = createHash('sha256').update(source);
  for (const id of answer.events.map((e) => e.eventId).sort()) hash.update('\0').update(id);
  return hash.digest('base64');
}
