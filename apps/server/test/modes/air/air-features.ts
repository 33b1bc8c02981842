import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../src/db/client';
import { NO_MARK } from '../../../src/modules/alerts/alert-conditions';
import type { ModeFeatures } from '../../../src/modules/tracking/tracking-mode';
import { inWorkspace } from '../../../src/tenancy/scope';
import { AIR, AIR_PRESENTATION } from './air-presentation';
import { airShipments as air } from './air-schema';

const HOUR = 3_600_000;

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

/** What the features are written over for the test-only air mode. */
export const AIR_FEATURES: ModeFeatures = {
  mode: AIR,
  table: air,
  countTabs: countAirTabs,
  alerts: {
    conditions: ['late'],
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
  presentation: AIR_PRESENTATION,
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
