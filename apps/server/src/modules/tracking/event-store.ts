import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { trackingEvents } from '../../db/schema/tracking';
import type { ModeEvent } from './tracking-mode';

/** The identities (item, source, carrier's event id) of the events these items have. */
export async function knownEventIds(tx: Database, itemIds: readonly string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const t = trackingEvents;
  const rows = await tx
    .select({ itemId: t.itemId, source: t.source, eventId: t.eventId })
    .from(t)
    .where(inArray(t.itemId, [...itemIds]));
  return new Set(rows.map((r) => `${r.itemId}|${r.source}|${r.eventId}`));
}

/**
 * Stores the events not stored yet, all in one INSERT whose rows travel as one jsonb parameter (no
 * limit on parameters, and none of the per-value work of building a statement with thousands of them);
 * the ids of those inserted, by item.
 */
export async function insertEvents(
  tx: Database,
  rows: { itemId: string; source: string; event: ModeEvent }[],
  now: Date,
): Promise<Map<string, number[]>> {
  const byItem = new Map<string, number[]>();
  if (rows.length === 0) return byItem;
  const values = rows.map(({ itemId, source, event: e }) => {
    // Times in one form (UTC, milliseconds), whatever offset the provider wrote them with.
    const eventTime = new Date(e.eventTime).toISOString();
    const createdAt = new Date(e.createdAt).toISOString();
    return {
      item_id: itemId,
      source,
      event_id: e.eventId,
      classifier: e.classifier,
      event_time: eventTime,
      event_created_at: createdAt,
      data: { ...e, eventTime, createdAt },
    };
  });
  const t = trackingEvents;
  const inserted = await tx.execute<{ id: number; item_id: string }>(sql`
    INSERT INTO ${t} (item_id, source, event_id, classifier, event_time, event_created_at, received_at, data)
    SELECT v.item_id, v.source, v.event_id, v.classifier, v.event_time, v.event_created_at, ${now}::timestamptz, v.data
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      AS v(item_id uuid, source text, event_id text, classifier text, event_time timestamptz,
           event_created_at timestamptz, data jsonb)
    ON CONFLICT DO NOTHING
    RETURNING ${t.id} AS id, ${t.itemId} AS item_id`);
  for (const r of inserted.rows) {
    const ids = byItem.get(r.item_id);
    if (ids) ids.push(Number(r.id));
    else byItem.set(r.item_id, [Number(r.id)]);
  }
  return byItem;
}
