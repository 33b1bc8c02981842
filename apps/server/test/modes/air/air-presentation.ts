import { and, eq, ilike } from 'drizzle-orm';
import { z } from 'zod';
import { searchResultFields } from '@tracklane/shared/search/search.schema';
import type { PublicShipment } from '@tracklane/shared/sharing/sharing.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { trackedItems } from '../../../src/db/schema/tracking';
import type { Database } from '../../../src/db/client';
import { AppError } from '../../../src/lib/app-error';
import type { ModePresentation, ShareSelection } from '../../../src/modules/tracking/mode-presentation';
import { inWorkspace } from '../../../src/tenancy/scope';
import { airSearchBranches } from './air-search';
import { airShipments as air } from './air-schema';

/** The mode's name: not one of the product's modes, so it is cast once, here. */
export const AIR = 'air' as TrackingMode;

/** The airlines the fake knows, by IATA code. */
const AIRLINES: Record<string, string> = { LH: 'Lufthansa Cargo', CX: 'Cathay Cargo' };

const AIR_STATUSES = ['booked', 'departed', 'landed'] as const;
type AirStatus = (typeof AIR_STATUSES)[number];

/** An air shipment as the mode's API answers with it. */
export const airShipmentSchema = z.object({
  airShipmentId: z.string(),
  awb: z.string(),
  airline: z.string(),
  state: z.string(),
  status: z.enum(AIR_STATUSES).nullable(),
  eta: z.string().nullable(),
  landedAt: z.string().nullable(),
  archived: z.boolean(),
  tags: z.array(z.string()),
  favorite: z.boolean(),
});

export function toAirShipment(
  s: typeof air.$inferSelect,
  favorite: boolean,
): z.infer<typeof airShipmentSchema> {
  return {
    airShipmentId: s.id,
    awb: s.awb,
    airline: s.airline,
    state: s.state,
    status: s.status as AirStatus | null,
    eta: s.etaAt?.toISOString() ?? null,
    landedAt: s.landedAt?.toISOString() ?? null,
    archived: s.archived,
    tags: s.tags,
    favorite,
  };
}

/** One air waybill of the search's answer, beside the product's modes' results. */
const airSearchResultSchema = z.object({
  mode: z.literal(AIR as string),
  ...searchResultFields,
  airShipmentId: z.string(),
  awb: z.string(),
  airline: z.string(),
  status: z.enum(AIR_STATUSES).nullable(),
});

/** A share names air waybills by their id, with the AWB to match. */
const airSelectionSchema = z.strictObject({
  awb: z.string().trim().min(1).max(20),
  airShipmentId: z.uuid({ message: 'The air shipment is not valid' }),
});
const shareSelection: ShareSelection<typeof airSelectionSchema> = {
  schema: airSelectionSchema,
  keys: (shipments) => ({
    by: 'id',
    keys: shipments.map((s) => ({ id: s.airShipmentId, number: s.awb.replace('-', '') })),
  }),
};

/** The waybill of the workspace, with its item's derived view: not found outside the workspace. */
async function readAir(db: Database, workspaceId: string, id: string) {
  const [row] = await db
    .select({ s: air, derived: trackedItems.derived, lastCheckedAt: trackedItems.lastCheckedAt })
    .from(air)
    .innerJoin(trackedItems, eq(trackedItems.id, air.itemId))
    .where(and(inWorkspace({ workspaceId }, air), eq(air.id, id)));
  if (!row) throw new AppError('NOT_FOUND', 'Shipment not found');
  return row;
}

/** A waybill under a public link, field by field: numbers, airline, status, departure and landing. */
function publicAir(row: Awaited<ReturnType<typeof readAir>>): PublicShipment {
  const { s } = row;
  const derived = row.derived as { departedAt?: string | null } | null;
  const departedAt = derived?.departedAt ?? null;
  const landedAt = s.landedAt?.toISOString() ?? null;
  const eta = s.etaAt?.toISOString() ?? null;
  return {
    number: s.awb,
    reference: s.airline,
    carrierName: AIRLINES[s.airline] ?? null,
    status: s.status,
    origin: null,
    destination: null,
    departure: { estimated: null, actual: departedAt },
    arrival: { estimated: eta, actual: landedAt },
    milestones: [
      { key: 'departed', label: 'Departed', time: departedAt, actual: departedAt !== null },
      { key: 'landed', label: 'Landed', time: landedAt ?? eta, actual: landedAt !== null },
    ],
    position: null,
    route: null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
  };
}

/** How an air waybill is presented outside its own pages: webhooks, mail, shares, search, mentions. */
export const AIR_PRESENTATION: ModePresentation = {
  site: 'air',
  noun: 'air shipment',
  numberLine: (item) => `AWB ${item.trackingNo}`,
  carrierName: (carrier) => AIRLINES[carrier] ?? null,
  async apiShipments(db, where) {
    const rows = await db
      .select({ s: air })
      .from(air)
      .innerJoin(trackedItems, eq(trackedItems.id, air.itemId))
      .where(where);
    return rows.map((r) => ({
      workspaceId: r.s.workspaceId,
      itemId: r.s.itemId,
      shipmentId: r.s.id,
      shipment: toAirShipment(r.s, false),
    }));
  },
  carrierEventsInWebhooks: false,
  // The notification and mention rows' number fields are the product's modes'; the row names the
  // shipment by its id and the mode.
  rowNumbers: () => ({}),
  historyColumns: () => ({
    number: air.awb,
    reference: air.airline,
    carrier: air.airline,
    status: air.status,
    arrivedAt: air.landedAt,
    expectedAt: air.etaAt,
    search: (pattern) => ilike(air.awb, pattern),
  }),
  searchBranches: airSearchBranches,
  searchResult: (common, hit) => ({
    mode: AIR,
    ...common,
    airShipmentId: hit.id,
    awb: hit.number,
    airline: hit.carrier,
    status: hit.status,
  }),
  searchResultSchema: airSearchResultSchema,
  shareSelection,
  async sharedDetail(db, reader, shipmentId) {
    const { s } = await readAir(db, reader.workspaceId, shipmentId);
    // The sharer's archive, tags and stars are their workspace's own.
    return { ...toAirShipment(s, false), archived: false, tags: [] };
  },
  sharedDetailSchema: airShipmentSchema,
  publicView: async (db, reader, shipmentId) => publicAir(await readAir(db, reader.workspaceId, shipmentId)),
};
