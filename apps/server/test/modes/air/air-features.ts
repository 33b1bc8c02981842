import { and, eq, ilike, inArray, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { trackedItems } from '../../../src/db/schema/tracking';
import type { Database } from '../../../src/db/client';
import { NO_MARK } from '../../../src/modules/alerts/alert-conditions';
import type { ModePresentation } from '../../../src/modules/tracking/mode-presentation';
import type { ModeFeatures } from '../../../src/modules/tracking/tracking-mode';
import { inWorkspace } from '../../../src/tenancy/scope';
import { airShipments as air } from './air-schema';

const HOUR = 3_600_000;

/** The airlines the fake knows, by IATA code. */
const AIRLINES: Record<string, string> = { LH: 'Lufthansa Cargo', CX: 'Cathay Cargo' };

/** An air shipment as the mode's API answers with it. */
export function toAirShipment(s: typeof air.$inferSelect, favorite: boolean) {
  return {
    airShipmentId: s.id,
    awb: s.awb,
    airline: s.airline,
    state: s.state,
    status: s.status,
    eta: s.etaAt?.toISOString() ?? null,
    landedAt: s.landedAt?.toISOString() ?? null,
    archived: s.archived,
    tags: s.tags,
    favorite,
  };
}

/** Counts of the list's two tabs. */
export async function countAirTabs(db: Database, workspaceId: string) {
  const [row] = await db
    .select({
      activeCount: sql<number>`count(*) FILTER (WHERE NOT ${air.archived})::int`,
      archivedCount: sql<number>`count(*) FILTER (WHERE ${air.archived})::int`,
    })
    .from(air)
    .where(inWorkspace({ workspaceId }, air));
  return { activeCount: row?.activeCount ?? 0, archivedCount: row?.archivedCount ?? 0 };
}

/** Late: not landed, and the estimated landing more than `hours` ago. */
const late = (now: Date, hours: number) =>
  and(ne(air.status, 'landed'), lt(air.etaAt, new Date(now.getTime() - hours * HOUR)))!;

const airShipmentIdsSchema = z
  .array(z.uuid({ message: 'Shipment not found' }))
  .min(1)
  .max(100);
export const airFavoriteRequestSchema = z.strictObject({
  airShipmentIds: airShipmentIdsSchema,
  favorite: z.boolean(),
});
export const airArchiveRequestSchema = z.strictObject({
  airShipmentIds: airShipmentIdsSchema,
  archived: z.boolean(),
});

const airDashboardSchema = z.object({ inFlight: z.number(), landed: z.number(), late: z.number() });

const presentation: ModePresentation = {
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
  // The search answer, the shared detail and the public view are wire shapes the spec fixes for the
  // product's modes; a test-only mode has no place in them.
  searchResult: () => {
    throw new Error('The search answer has no air results');
  },
  sharedDetail: () => Promise.reject(new Error('The shared detail has no air shipments')),
  publicView: () => Promise.reject(new Error('Public links carry no air shipments')),
};

/** What the features are written over for the test-only air mode. */
export const AIR_FEATURES: ModeFeatures = {
  mode: 'air' as ModeFeatures['mode'],
  table: air,
  countTabs: countAirTabs,
  alerts: {
    condition: (condition, now) =>
      condition.kind === 'late' ? { where: late(now, condition.hours), mark: NO_MARK } : null,
    filters: (filters) =>
      filters.carriers.length
        ? inArray(
            air.airline,
            filters.carriers.map((c) => c.toUpperCase()),
          )
        : undefined,
  },
  dashboard: {
    summary: 'Air waybills in flight, landed and late',
    schema: airDashboardSchema,
    async build(db, workspaceId, now) {
      const [row] = await db
        .select({
          inFlight: sql<number>`count(*) FILTER (WHERE ${air.status} = 'departed')::int`,
          landed: sql<number>`count(*) FILTER (WHERE ${air.status} = 'landed')::int`,
          late: sql<number>`count(*) FILTER (WHERE ${late(now, 0)})::int`,
        })
        .from(air)
        .where(and(inWorkspace({ workspaceId }, air), eq(air.archived, false)));
      return { inFlight: row?.inFlight ?? 0, landed: row?.landed ?? 0, late: row?.late ?? 0 };
    },
  },
  presentation,
  arrivalInView: (derived) => sql`COALESCE(${derived} ->> 'landedAt', ${derived} ->> 'eta')`,
  routes: {
    segment: 'air',
    idParam: 'airShipmentId',
    tag: 'air-shipments',
    one: 'an air shipment',
    many: 'air shipments',
    favoriteRequest: airFavoriteRequestSchema,
    favoriteIds: (body) => (body as z.infer<typeof airFavoriteRequestSchema>).airShipmentIds,
  },
};
