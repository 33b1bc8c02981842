import { eq, ilike } from 'drizzle-orm';
import type { ParcelStatus } from '@tracklane/shared/tracking/express/parcel-event';
import { parcelCarrierByCode } from '@tracklane/shared/tracking/express/parcel-carriers';
import { expressShipmentDetailSchema } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { expressSearchResultSchema, type ExpressSearchResult } from '@tracklane/shared/search/search.schema';
import { expressSelectionSchema } from '@tracklane/shared/sharing/sharing.schema';
import { expressShipments, trackedItems } from '../../db/schema/tracking';
import { publicExpress } from '../sharing/share-links.service';
import type { ModePresentation, ShareSelection } from '../tracking/mode-presentation';
import { expressSearchBranches } from './express-search';
import { getExpressShipment, toExpressShipment } from './express-shipments.service';

/** Webhooks speak to the workspace: no member's star (ADR 0033). */
const NO_STAR = false;

/** A share names parcels by id, with the tracking number to match. */
const shareSelection: ShareSelection<typeof expressSelectionSchema> = {
  schema: expressSelectionSchema,
  keys: (shipments) => ({
    by: 'id',
    keys: shipments.map((s) => ({ id: s.expressOrderId, number: s.trackingNo })),
  }),
};

/** How an express parcel (a carrier's tracking number) is presented outside its own pages. */
export const EXPRESS_PRESENTATION: ModePresentation = {
  // The web calls the mode Ground, and so do its URLs.
  site: 'ground',
  noun: 'express shipment',
  numberLine: (item) => item.trackingNo,
  carrierName: (carrier) => parcelCarrierByCode(carrier)?.name ?? null,
  async apiShipments(db, where) {
    const rows = await db
      .select({ s: expressShipments, c: trackedItems })
      .from(expressShipments)
      .innerJoin(trackedItems, eq(trackedItems.id, expressShipments.itemId))
      .where(where);
    return rows.map((r) => ({
      workspaceId: r.s.workspaceId,
      itemId: r.s.itemId,
      shipmentId: r.s.id,
      shipment: toExpressShipment(r.s, r.c, NO_STAR),
    }));
  },
  carrierEventsInWebhooks: false,
  rowNumbers: (item) => ({ expressOrderId: item.shipmentId, expressOrderNo: item.trackingNo }),
  searchBranches: expressSearchBranches,
  searchResult: (common, hit): ExpressSearchResult => ({
    mode: 'express' as const,
    ...common,
    expressOrderId: hit.id,
    expressOrderNo: hit.number,
    carrier: hit.carrier,
    status: hit.status as ParcelStatus | null,
  }),
  searchResultSchema: expressSearchResultSchema,
  shareSelection,
  historyColumns: () => ({
    number: expressShipments.trackingNo,
    reference: expressShipments.carrier,
    carrier: expressShipments.carrier,
    status: expressShipments.status,
    arrivedAt: expressShipments.deliveredAt,
    expectedAt: expressShipments.estimatedDelivery,
    search: (pattern) => ilike(expressShipments.trackingNo, pattern),
  }),
  async sharedDetail(db, reader, shipmentId) {
    const shipment = await getExpressShipment(db, reader, shipmentId, undefined);
    return { ...shipment, favorite: false, archived: false, tags: [] };
  },
  sharedDetailSchema: expressShipmentDetailSchema,
  publicView: async (db, reader, shipmentId) =>
    publicExpress(await getExpressShipment(db, reader, shipmentId, undefined)),
};
