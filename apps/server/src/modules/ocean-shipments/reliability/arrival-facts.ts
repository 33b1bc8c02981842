import { and, eq, inArray, sql } from 'drizzle-orm';
import { measureCarrierEta } from '@tracklane/shared/tracking/ocean/reliability/measure-shipment';
import { monthOf } from '@tracklane/shared/tracking/ocean/reliability/rollup';
import {
  measureEta,
  type EtaMeasurement,
  type EtaSource,
  type IssuedEta,
} from '@tracklane/shared/tracking/ocean/reliability/eta-accuracy';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type { Database } from '../../../db/client';
import { issuedEtas, shipmentArrivals } from '../../../db/schema/reliability';
import { trackedItems } from '../../../db/schema/tracking';
import { itemsOfMode, type ItemsChangedSubscriber } from '../../tracking/items-changed';
import { rewriteRollups, type RollupSlice } from './rollup-writer';

/** How many items one catch-up round measures. */
const CATCH_UP_BATCH = 5000;

/** One owner's history of one non-carrier source's ETAs of an item (issued_etas). */
interface IssuedHistory {
  source: EtaSource;
  organizationId: string;
  workspaceId: string | null;
  etas: IssuedEta[];
}

/** The terminal, manual and Tracklane ETA histories of these items, per item, source and owner. */
async function issuedHistories(db: Database, itemIds: string[]): Promise<Map<string, IssuedHistory[]>> {
  const records = await db
    .select()
    .from(issuedEtas)
    .where(inArray(issuedEtas.itemId, itemIds))
    .orderBy(issuedEtas.issuedAt);
  const byOwner = new Map<string, IssuedHistory & { itemId: string }>();
  for (const r of records) {
    const key = `${r.itemId}|${r.source}|${r.organizationId}|${r.workspaceId ?? ''}`;
    const history = byOwner.get(key) ?? {
      itemId: r.itemId,
      source: r.source,
      organizationId: r.organizationId,
      workspaceId: r.workspaceId,
      etas: [],
    };
    history.etas.push({ eta: r.eta?.toISOString() ?? null, issuedAt: r.issuedAt.toISOString() });
    byOwner.set(key, history);
  }
  const byItem = new Map<string, IssuedHistory[]>();
  for (const { itemId, ...history } of byOwner.values())
    byItem.set(itemId, [...(byItem.get(itemId) ?? []), history]);
  return byItem;
}

const sliceOf = (carrier: string, arrivedAt: Date): RollupSlice => ({ carrier, month: monthOf(arrivedAt) });

/**
 * Measures the ETAs of these ocean items against their actual arrival, kept up to date: the carrier's
 * (one fact each) and each owner's history of terminal, manual and Tracklane ETAs (one fact per owner
 * and source, ADR 0049); forgets the facts of any that no longer has an arrival, and rewrites the
 * roll-ups of every month and carrier a fact left or joined, for every workspace and organization
 * following them.
 */
export async function measureItems(db: Database, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  const ids = [...itemIds];
  const before = await db
    .select({
      itemId: shipmentArrivals.itemId,
      carrier: shipmentArrivals.carrier,
      arrivedAt: shipmentArrivals.arrivedAt,
    })
    .from(shipmentArrivals)
    .where(inArray(shipmentArrivals.itemId, ids));
  const items = await db
    .select({ id: trackedItems.id, carrier: trackedItems.carrier, derived: trackedItems.derived })
    .from(trackedItems)
    .where(and(inArray(trackedItems.id, ids), eq(trackedItems.mode, 'ocean')));

  const issued = await issuedHistories(db, ids);

  const rows: (typeof shipmentArrivals.$inferInsert)[] = [];
  const unarrived: string[] = [];
  for (const item of items) {
    const derived = item.derived as DerivedShipment | null;
    const measured = derived ? measureCarrierEta(derived) : null;
    if (!derived || !measured) {
      unarrived.push(item.id);
      continue;
    }
    const fact = (measure: EtaMeasurement) => ({
      itemId: item.id,
      carrier: item.carrier,
      polLocode: derived.pol?.locode ?? null,
      podLocode: derived.pod?.locode ?? null,
      transshipments: [...new Set(derived.transshipments.map((port) => port.locode))],
      arrivedAt: new Date(measure.actualArrival),
      firstEta: measure.firstEta ? new Date(measure.firstEta) : null,
      etaWeekOut: measure.etaWeekOut ? new Date(measure.etaWeekOut) : null,
      onTime: measure.onTime,
      delayHours: measure.delayHours,
      rolls: measure.rolls,
      errorHours: measure.errorHours as number[],
    });
    rows.push({ ...fact(measured), source: 'carrier', organizationId: null, workspaceId: null });
    // Every other source's ETAs, each owner's alone, against the same actual arrival.
    for (const history of issued.get(item.id) ?? []) {
      rows.push({
        ...fact(measureEta(history.etas, measured.actualArrival, measured.rolls)),
        source: history.source,
        organizationId: history.organizationId,
        workspaceId: history.workspaceId,
      });
    }
  }
  const wasFact = new Set(before.map((fact) => fact.itemId));
  const gone = unarrived.filter((id) => wasFact.has(id));
  if (gone.length > 0) await db.delete(shipmentArrivals).where(inArray(shipmentArrivals.itemId, gone));
  if (rows.length > 0) {
    const replaced = [
      'carrier',
      'polLocode',
      'podLocode',
      'transshipments',
      'arrivedAt',
      'firstEta',
      'etaWeekOut',
      'onTime',
      'delayHours',
      'rolls',
      'errorHours',
    ] as const;
    await db
      .insert(shipmentArrivals)
      .values(rows)
      .onConflictDoUpdate({
        target: [
          shipmentArrivals.itemId,
          shipmentArrivals.source,
          shipmentArrivals.organizationId,
          shipmentArrivals.workspaceId,
        ],
        set: {
          ...Object.fromEntries(
            replaced.map((key) => [key, sql.raw(`excluded.${shipmentArrivals[key].name}`)]),
          ),
          // The database's clock, the one `changed_at` is written with: the catch-up compares the two.
          measuredAt: sql`now()`,
        },
      });
  }
  const touched = [...gone, ...rows.map((row) => row.itemId)];
  if (touched.length === 0) return;
  const slices = [
    ...before.map((fact) => sliceOf(fact.carrier, fact.arrivedAt)),
    ...rows.map((row) => sliceOf(row.carrier, row.arrivedAt)),
  ];
  await rewriteRollups(db, touched, slices);
}

/**
 * The engine's announcement, for reliability: an ocean item whose view moved is measured again in the
 * refresh's transaction, so its arrival (or a late correction of its history) counts at once.
 */
export const measureChangedItems: ItemsChangedSubscriber = async ({ tx, items }) => {
  const moved = itemsOfMode(items, 'ocean').filter((item) => item.columnsChanged || item.changes.length > 0);
  await measureItems(
    tx,
    moved.map((item) => item.itemId),
  );
};

/**
 * Measures, in rounds, every arrived ocean item whose fact is missing or older than its view or than
 * one of its subscriptions: items that arrived before facts were kept (the backfill), and workspaces
 * that started following a box after it arrived. Returns how many items it measured.
 */
export async function catchUpArrivals(db: Database): Promise<number> {
  let total = 0;
  const seen = new Set<string>();
  for (;;) {
    const due = await db.execute<{ id: string }>(sql`
      SELECT ti.id FROM tracked_items ti
      LEFT JOIN shipment_arrivals f ON f.item_id = ti.id AND f.source = 'carrier'
      WHERE ti.mode = 'ocean' AND ti.derived -> 'arrivalVO' ->> 'ata' IS NOT NULL
        AND (f.item_id IS NULL OR f.measured_at < ti.changed_at
          OR EXISTS (SELECT 1 FROM ocean_shipments s WHERE s.item_id = ti.id AND s.created_at > f.measured_at))
      LIMIT ${CATCH_UP_BATCH}`);
    // An item measured in this run and due again (a clock that disagrees) waits for the next run.
    const fresh = due.rows.map((row) => row.id).filter((id) => !seen.has(id));
    if (fresh.length === 0) return total;
    fresh.forEach((id) => seen.add(id));
    await db.transaction(async (tx) => measureItems(tx, fresh));
    total += fresh.length;
    if (due.rows.length < CATCH_UP_BATCH) return total;
  }
}
