import { and, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { WebhookEventType } from '@tracklane/shared/webhooks/webhooks.schema';
import type { Database } from '../../db/client';
import { expressShipments, oceanShipments, trackedItems, trackingEvents } from '../../db/schema/tracking';
import { webhookEndpoints } from '../../db/schema/webhooks';
import { toExpressShipment } from '../express-shipments/express-shipments.service';
import { toOceanShipment } from '../ocean-shipments/ocean-shipments.service';
import { emitWebhookEvent } from './webhook-events';

/** A change as the tracking engine describes it (issue #12's change records fit as they are). */
export interface ShipmentChange {
  type: string;
  text: string;
  data?: object;
}

interface ShipmentPayload {
  workspaceId: string;
  itemId: string;
  shipment: Record<string, unknown>;
}

/** The subscriptions matching `where`, each as the shipment object our API answers with. */
async function shipmentPayloads(tx: Database, mode: TrackingMode, where: SQL): Promise<ShipmentPayload[]> {
  if (mode === 'ocean') {
    const rows = await tx
      .select({ s: oceanShipments, c: trackedItems })
      .from(oceanShipments)
      .innerJoin(trackedItems, eq(trackedItems.id, oceanShipments.itemId))
      .where(where);
    return rows.map((r) => ({
      workspaceId: r.s.workspaceId,
      itemId: r.s.itemId,
      shipment: toOceanShipment(r.s, r.c),
    }));
  }
  const rows = await tx
    .select({ s: expressShipments, c: trackedItems })
    .from(expressShipments)
    .innerJoin(trackedItems, eq(trackedItems.id, expressShipments.itemId))
    .where(where);
  return rows.map((r) => ({
    workspaceId: r.s.workspaceId,
    itemId: r.s.itemId,
    shipment: toExpressShipment(r.s, r.c),
  }));
}

/** Every stored event of these ocean items, by item: what a DCSA-shaped endpoint receives on `shipment.added`. */
async function storedEventIds(tx: Database, itemIds: string[]): Promise<Map<string, number[]>> {
  const byItem = new Map<string, number[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await tx
    .select({ id: trackingEvents.id, itemId: trackingEvents.itemId })
    .from(trackingEvents)
    .where(inArray(trackingEvents.itemId, [...new Set(itemIds)]));
  for (const r of rows) byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), r.id]);
  return byItem;
}

const tableOf = (mode: TrackingMode) => (mode === 'ocean' ? oceanShipments : expressShipments);

/** Only workspaces with an enabled endpoint for the type: most writes build no payload at all. */
function wantedBy(mode: TrackingMode, type: WebhookEventType): SQL {
  const t = tableOf(mode);
  const e = webhookEndpoints;
  return sql`EXISTS (SELECT 1 FROM ${e} WHERE ${e.workspaceId} = ${t.workspaceId} AND ${e.enabled} AND ${type} = ANY (${e.eventTypes}))`;
}

/**
 * Emits `shipment.added`, `shipment.archived` or `shipment.unarchived` for these subscriptions of one
 * workspace, inside the writer's transaction. An added ocean shipment carries the carrier events
 * already known for its container (DCSA-shaped endpoints receive those).
 */
export async function emitShipmentEvents(
  tx: Database,
  mode: TrackingMode,
  type: Exclude<WebhookEventType, 'shipment.changed'>,
  workspaceId: string,
  subscriptionIds: string[],
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  const t = tableOf(mode);
  const payloads = await shipmentPayloads(
    tx,
    mode,
    and(eq(t.workspaceId, workspaceId), inArray(t.id, subscriptionIds), wantedBy(mode, type))!,
  );
  const events =
    type === 'shipment.added' && mode === 'ocean'
      ? await storedEventIds(
          tx,
          payloads.map((p) => p.itemId),
        )
      : new Map<string, number[]>();
  for (const p of payloads)
    await emitWebhookEvent(tx, {
      workspaceId: p.workspaceId,
      type,
      data: { mode, shipment: p.shipment },
      trackingEventIds: events.get(p.itemId) ?? [],
    });
}

/**
 * The hook for the tracking refresh: one call, inside the refresh's transaction, after the item, its
 * subscriptions and its events are written. Emits `shipment.changed` to every workspace following the
 * item (archived subscriptions aside) that has an endpoint for it, with the changes and the item's new
 * carrier events (`trackingEventIds`: the tracking_events ids the refresh inserted; DCSA-shaped
 * endpoints receive those as DCSA events).
 */
export async function emitShipmentChanged(
  tx: Database,
  input: {
    mode: TrackingMode;
    itemId: string;
    changes: ShipmentChange[];
    trackingEventIds: readonly number[];
  },
): Promise<void> {
  if (input.changes.length === 0 && input.trackingEventIds.length === 0) return;
  const t = tableOf(input.mode);
  const payloads = await shipmentPayloads(
    tx,
    input.mode,
    and(eq(t.itemId, input.itemId), not(t.archived), wantedBy(input.mode, 'shipment.changed'))!,
  );
  for (const p of payloads)
    await emitWebhookEvent(tx, {
      workspaceId: p.workspaceId,
      type: 'shipment.changed',
      data: { mode: input.mode, shipment: p.shipment, changes: input.changes },
      trackingEventIds: input.mode === 'ocean' ? input.trackingEventIds : [],
    });
}
