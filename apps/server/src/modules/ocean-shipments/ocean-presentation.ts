import { eq, ilike, or } from 'drizzle-orm';
import type { ShipmentStatus } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { carrierByScac } from '@tracklane/shared/tracking/ocean/carriers';
import { oceanShipments, trackedItems } from '../../db/schema/tracking';
import { termsColumns } from './free-time/free-time-clocks';
import { publicOcean } from '../sharing/share-links.service';
import type { ModePresentation } from '../tracking/mode-presentation';
import { oceanSearchBranches } from './ocean-search';
import { billRefColumn } from './bills.service';
import { getOceanShipmentById, toOceanShipment } from './ocean-shipments.service';

/**
 * A webhook speaks to the workspace, not to one member: favourites are personal (ADR 0033), so its
 * shipments carry `favorite: false`, the field kept for clients that read it.
 */
const NO_STAR = false;

/** How an ocean shipment (a container on a bill of lading) is presented outside its own pages. */
export const OCEAN_PRESENTATION: ModePresentation = {
  site: 'ocean',
  noun: 'ocean shipment',
  numberLine: (item) => `${item.trackingNo} (B/L ${item.reference})`,
  carrierName: (carrier) => carrierByScac(carrier)?.name ?? null,
  async apiShipments(db, where) {
    const rows = await db
      .select({ s: oceanShipments, c: trackedItems, t: termsColumns, bill: billRefColumn })
      .from(oceanShipments)
      .innerJoin(trackedItems, eq(trackedItems.id, oceanShipments.itemId))
      .where(where);
    return rows.map((r) => ({
      workspaceId: r.s.workspaceId,
      itemId: r.s.itemId,
      shipment: toOceanShipment(r.s, r.c, r.t, NO_STAR, r.bill),
    }));
  },
  carrierEventsInWebhooks: true,
  rowNumbers: (item) => ({ containerNo: item.trackingNo, mblNo: item.reference }),
  searchBranches: oceanSearchBranches,
  searchResult: (common, hit) => ({
    mode: 'ocean' as const,
    ...common,
    containerNo: hit.number,
    mblNo: hit.reference,
    carrierScac: hit.carrier,
    status: hit.status as ShipmentStatus | null,
  }),
  historyColumns: () => ({
    number: oceanShipments.containerNo,
    reference: oceanShipments.mblNo,
    carrier: oceanShipments.carrierScac,
    status: oceanShipments.status,
    arrivedAt: oceanShipments.ata,
    expectedAt: oceanShipments.eta,
    search: (pattern) => or(ilike(oceanShipments.containerNo, pattern), ilike(oceanShipments.mblNo, pattern)),
  }),
  async sharedDetail(db, reader, shipmentId) {
    const {
      freeTime: _sharersMoney,
      terminal: _sharersTerminal,
      ...tracking
    } = await getOceanShipmentById(db, reader, shipmentId);
    // The sharer's archive, tags and bill (with its other containers) are the workspace's own, not the
    // recipient's to see.
    return { ocean: { ...tracking, favorite: false, archived: false, tags: [], bill: null }, express: null };
  },
  publicView: async (db, reader, shipmentId, now) =>
    publicOcean(await getOceanShipmentById(db, reader, shipmentId, now)),
};
