import { eq, ilike, or } from 'drizzle-orm';
import type { ShipmentStatus } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { carrierByScac } from '@tracklane/shared/tracking/ocean/carriers';
import { oceanTrackingDetailSchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { oceanSearchResultSchema, type OceanSearchResult } from '@tracklane/shared/search/search.schema';
import { oceanSelectionSchema } from '@tracklane/shared/sharing/sharing.schema';
import { normaliseContainerNumber, normaliseMblNumber } from '@tracklane/shared/validation/container-number';
import { oceanShipments, trackedItems } from '../../db/schema/tracking';
import { termsColumns } from './free-time/free-time-clocks';
import { publicOcean } from '../sharing/share-links.service';
import type { ApiShipmentRow, ModePresentation, ShareSelection } from '../tracking/mode-presentation';
import { oceanSearchBranches } from './ocean-search';
import { billRefColumn } from './bills.service';
import { withCarrierArrival, withMeasuredEstimates } from './eta/arrival-estimates';
import { getOceanShipmentById, toOceanShipment } from './ocean-shipments.service';

/**
 * A webhook speaks to the workspace, not to one member: favourites are personal (ADR 0033), so its
 * shipments carry `favorite: false`, the field kept for clients that read it.
 */
const NO_STAR = false;

/** A share names containers by number and bill of lading, as intake stores them. */
const shareSelection: ShareSelection<typeof oceanSelectionSchema> = {
  schema: oceanSelectionSchema,
  keys: (shipments) => ({
    by: 'numbers',
    keys: shipments.map((s) => ({
      number: normaliseContainerNumber(s.containerNo),
      reference: normaliseMblNumber(s.mblNo),
    })),
  }),
};

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
    // Each workspace's rows carry its own organization's measured ETA accuracy; one workspace after
    // the other, as a transaction's queries share its connection.
    const shipments: ApiShipmentRow[] = [];
    for (const r of rows) {
      const [shipment] = await withMeasuredEstimates(db, r.s.workspaceId, [
        toOceanShipment(r.s, r.c, r.t, NO_STAR, r.bill),
      ]);
      shipments.push({
        workspaceId: r.s.workspaceId,
        itemId: r.s.itemId,
        shipmentId: r.s.id,
        shipment: shipment!,
      });
    }
    return shipments;
  },
  carrierEventsInWebhooks: true,
  rowNumbers: (item) => ({ containerNo: item.trackingNo, mblNo: item.reference }),
  searchBranches: oceanSearchBranches,
  searchResult: (common, hit): OceanSearchResult => ({
    mode: 'ocean' as const,
    ...common,
    containerNo: hit.number,
    mblNo: hit.reference,
    carrierScac: hit.carrier,
    status: hit.status as ShipmentStatus | null,
  }),
  searchResultSchema: oceanSearchResultSchema,
  shareSelection,
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
      arrivalEstimates: _sharersMeasures,
      ...tracking
    } = withCarrierArrival(await getOceanShipmentById(db, reader, shipmentId));
    // The sharer's archive, tags and bill (with its other containers) are the workspace's own, not the
    // recipient's to see.
    return { ...tracking, favorite: false, archived: false, tags: [], bill: null };
  },
  sharedDetailSchema: oceanTrackingDetailSchema,
  publicView: async (db, reader, shipmentId, now) =>
    publicOcean(withCarrierArrival(await getOceanShipmentById(db, reader, shipmentId, now))),
};
