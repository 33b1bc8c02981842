import { and, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { WebhookEventType } from '@tracklane/shared/webhooks/webhooks.schema';
import type { Database } from '../../db/client';
import { trackingEvents } from '../../db/schema/tracking';
import { webhookEndpoints } from '../../db/schema/webhooks';
import { modeFeatures, modePresentation } from '../../modes';
import { itemsOfMode, type ItemsChangedSubscriber } from '../tracking/items-changed';
import { emitWebhookEvent } from './webhook-events';
import { inWorkspace } from '../../tenancy/scope';
import { referencesOf } from '../references/references.service';
import { customValuesOf } from '../custom-fields/custom-field-values.service';
import type { ApiShipmentRow } from '../tracking/mode-presentation';

/** A change as the tracking engine describes it (its change records fit as they are). */
export interface ShipmentChange {
  type: string;
  text: string;
  data?: object;
}

/** Every stored event of these items, by item: what a DCSA-shaped endpoint receives on `shipment.added`. */
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

const tableOf = (mode: TrackingMode) => modeFeatures(mode).table;

/**
 * The mode's subscriptions matching `where` as webhook payloads carry them: the API's shipment with its
 * workspace's references and custom field values (two queries per workspace of the batch).
 */
async function payloadsOf(tx: Database, mode: TrackingMode, where: SQL): Promise<ApiShipmentRow[]> {
  const byWorkspace = new Map<string, ApiShipmentRow[]>();
  for (const p of await modePresentation(mode).apiShipments(tx, where))
    byWorkspace.set(p.workspaceId, [...(byWorkspace.get(p.workspaceId) ?? []), p]);
  const payloads: ApiShipmentRow[] = [];
  // One after the other: a transaction's queries share its connection.
  for (const [workspaceId, rows] of byWorkspace) {
    const found = await referencesOf(
      tx,
      workspaceId,
      tableOf(mode),
      rows.map((r) => r.shipmentId),
    );
    const values = await customValuesOf(
      tx,
      workspaceId,
      mode,
      rows.map((r) => r.shipmentId),
    );
    for (const r of rows)
      payloads.push({
        ...r,
        shipment: {
          ...r.shipment,
          references: found.get(r.shipmentId),
          customFields: values.get(r.shipmentId) ?? {},
        },
      });
  }
  return payloads;
}

/** Only workspaces with an enabled endpoint for the type: most writes build no payload at all. */
function wantedBy(mode: TrackingMode, type: WebhookEventType): SQL {
  const t = tableOf(mode);
  const e = webhookEndpoints;
  return sql`EXISTS (SELECT 1 FROM ${e} WHERE ${e.workspaceId} = ${t.workspaceId} AND ${e.enabled} AND ${type} = ANY (${e.eventTypes}))`;
}

/**
 * Emits `shipment.added`, `shipment.archived` or `shipment.unarchived` for these subscriptions of one
 * workspace, inside the writer's transaction. An added shipment of a mode whose webhooks carry carrier
 * events carries those already known for its item (DCSA-shaped endpoints receive those).
 */
export async function emitShipmentEvents(
  tx: Database,
  mode: TrackingMode,
  type: Exclude<WebhookEventType, 'shipment.changed'>,
  workspaceId: string,
  subscriptionIds: string[],
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  const presentation = modePresentation(mode);
  const t = tableOf(mode);
  const payloads = await payloadsOf(
    tx,
    mode,
    and(inWorkspace({ workspaceId }, t), inArray(t.id, subscriptionIds), wantedBy(mode, type))!,
  );
  const events =
    type === 'shipment.added' && presentation.carrierEventsInWebhooks
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

/** An item a refresh wrote: what changed, and the carrier events it inserted (tracking_events ids). */
export interface ItemChanged {
  itemId: string;
  changes: ShipmentChange[];
  trackingEventIds: readonly number[];
}

/**
 * What a tracking refresh wrote, for one mode, inside the refresh's transaction, after the
 * items, their subscriptions and their events are written. Emits `shipment.changed` to every workspace
 * following each item (archived subscriptions aside) that has an endpoint for it, with the item's
 * changes and new carrier events (DCSA-shaped endpoints receive those as DCSA events). One query
 * finds the wanted subscriptions of the whole batch, usually none.
 */
export async function emitShipmentChanged(
  tx: Database,
  mode: TrackingMode,
  items: readonly ItemChanged[],
): Promise<void> {
  const news = items.filter((i) => i.changes.length > 0 || i.trackingEventIds.length > 0);
  if (news.length === 0) return;
  const byItem = new Map(news.map((i) => [i.itemId, i]));
  const presentation = modePresentation(mode);
  const t = tableOf(mode);
  const payloads = await payloadsOf(
    tx,
    mode,
    and(inArray(t.itemId, [...byItem.keys()]), not(t.archived), wantedBy(mode, 'shipment.changed'))!,
  );
  for (const p of payloads) {
    const item = byItem.get(p.itemId)!;
    await emitWebhookEvent(tx, {
      workspaceId: p.workspaceId,
      type: 'shipment.changed',
      data: { mode, shipment: p.shipment, changes: item.changes },
      trackingEventIds: presentation.carrierEventsInWebhooks ? item.trackingEventIds : [],
    });
  }
}

/** The webhooks' part of the engine's announcement: `shipment.changed` for items with news. */
export const emitChangedItems: ItemsChangedSubscriber = async ({ tx, modes, items }) => {
  for (const mode of Object.values(modes))
    await emitShipmentChanged(tx, mode.mode, itemsOfMode(items, mode.mode));
};
