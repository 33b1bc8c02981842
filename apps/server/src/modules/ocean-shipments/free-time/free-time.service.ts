import { and, asc, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  BUILT_IN_TERMS,
  type FreeTimeDefaultsResult,
  type FreeTimeTerms,
  type SaveFreeTimeDefault,
  type ShipmentFreeTime,
} from '@tracklane/shared/free-time/free-time.schema';
import { portTimeZone } from '@tracklane/shared/free-time/port-time-zones';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type { Database } from '../../../db/client';
import { freeTimeDefaults } from '../../../db/schema/alerts';
import { oceanShipments as os, trackedItems as ti } from '../../../db/schema/tracking';
import { AppError } from '../../../lib/app-error';
import { withTransaction } from '../../../lib/transaction';
import type { Tenant } from '../../../tenancy/tenant';
import { clockMilestones, resolveTerms, termsColumns, updateFreeTimeClocks } from './free-time-clocks';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import { inWorkspace } from '../../../tenancy/scope';

const NOT_TRACKED = 'This shipment is not tracked in this workspace.';
const NO_SUCH_DEFAULT = 'There are no free-time terms for this carrier in this workspace.';
/** The workspace's free-time terms: its default, then each carrier's; and what applies otherwise. */
export async function listFreeTimeDefaults(
  db: Database,
  workspaceId: string,
): Promise<FreeTimeDefaultsResult> {
  const rows = await db
    .select()
    .from(freeTimeDefaults)
    .where(inWorkspace({ workspaceId }, freeTimeDefaults))
    .orderBy(asc(freeTimeDefaults.carrierScac));
  return {
    defaults: rows.map((r) => ({
      carrierScac: r.carrierScac === '' ? null : r.carrierScac,
      terms: r.terms,
      updatedAt: r.updatedAt.toISOString(),
    })),
    builtIn: BUILT_IN_TERMS,
  };
}

/** Sets the workspace's default or a carrier's terms, and recomputes the workspace's clocks with them. */
export async function saveFreeTimeDefault(
  pool: pg.Pool,
  tenant: Tenant,
  input: SaveFreeTimeDefault,
): Promise<FreeTimeDefaultsResult> {
  return withTransaction(pool, async ({ tx }) => {
    const values = {
      workspaceId: tenant.workspaceId,
      carrierScac: input.carrierScac ?? '',
      terms: input.terms,
      updatedBy: tenant.userId,
      updatedAt: new Date(),
    };
    await tx
      .insert(freeTimeDefaults)
      .values(values)
      .onConflictDoUpdate({
        target: [freeTimeDefaults.workspaceId, freeTimeDefaults.carrierScac],
        set: { terms: values.terms, updatedBy: values.updatedBy, updatedAt: values.updatedAt },
      });
    await updateFreeTimeClocks(tx, { workspaceId: tenant.workspaceId }, new Date());
    return listFreeTimeDefaults(tx, tenant.workspaceId);
  });
}

/** Removes the workspace's default (carrierScac null) or a carrier's terms. */
export async function deleteFreeTimeDefault(
  pool: pg.Pool,
  tenant: Tenant,
  carrierScac: string | null,
): Promise<FreeTimeDefaultsResult> {
  return withTransaction(pool, async ({ tx }) => {
    const deleted = await tx
      .delete(freeTimeDefaults)
      .where(and(inWorkspace(tenant, freeTimeDefaults), eq(freeTimeDefaults.carrierScac, carrierScac ?? '')))
      .returning({ id: freeTimeDefaults.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', NO_SUCH_DEFAULT);
    await updateFreeTimeClocks(tx, { workspaceId: tenant.workspaceId }, new Date());
    return listFreeTimeDefaults(tx, tenant.workspaceId);
  });
}

/** One shipment's terms (and where they come from), milestones and port time zone: the detail's clocks. */
export async function getShipmentFreeTime(
  db: Database,
  workspaceId: string,
  shipmentId: string,
): Promise<ShipmentFreeTime> {
  if (!isUuid(shipmentId)) throw new AppError('NOT_FOUND', NOT_TRACKED);
  const [row] = await db
    .select({ pod: os.podLocode, derived: ti.derived, ...termsColumns })
    .from(os)
    .innerJoin(ti, eq(ti.id, os.itemId))
    .where(and(inWorkspace({ workspaceId }, os), eq(os.id, shipmentId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_TRACKED);
  const derived = row.derived as DerivedShipment | null;
  return {
    ...resolveTerms(row),
    timeZone: portTimeZone(row.pod ?? derived?.pod?.locode),
    milestones: clockMilestones(derived, row),
  };
}

/** Sets (or, with null, removes) a shipment's own terms; its clocks follow at once. */
export async function setShipmentFreeTime(
  pool: pg.Pool,
  workspaceId: string,
  shipmentId: string,
  terms: FreeTimeTerms | null,
): Promise<ShipmentFreeTime> {
  if (!isUuid(shipmentId)) throw new AppError('NOT_FOUND', NOT_TRACKED);
  return withTransaction(pool, async ({ tx }) => {
    const [row] = await tx
      .update(os)
      .set({ freeTimeTerms: terms ?? sql`NULL` })
      .where(and(inWorkspace({ workspaceId }, os), eq(os.id, shipmentId)))
      .returning({ itemId: os.itemId });
    if (!row) throw new AppError('NOT_FOUND', NOT_TRACKED);
    await updateFreeTimeClocks(tx, { itemIds: [row.itemId] }, new Date());
    return getShipmentFreeTime(tx, workspaceId, shipmentId);
  });
}

/**
 * Sets (or, with null, removes) a shipment's last free day by hand (ADR 0039): it wins over the
 * terminal's and the carrier's for demurrage, and its clocks follow at once.
 */
export async function setManualLastFreeDay(
  pool: pg.Pool,
  workspaceId: string,
  shipmentId: string,
  lastFreeDay: string | null,
): Promise<ShipmentFreeTime> {
  if (!isUuid(shipmentId)) throw new AppError('NOT_FOUND', NOT_TRACKED);
  return withTransaction(pool, async ({ tx }) => {
    const [row] = await tx
      .update(os)
      .set({ manualLastFreeDay: lastFreeDay ?? sql`NULL` })
      .where(and(inWorkspace({ workspaceId }, os), eq(os.id, shipmentId)))
      .returning({ itemId: os.itemId });
    if (!row) throw new AppError('NOT_FOUND', NOT_TRACKED);
    await updateFreeTimeClocks(tx, { itemIds: [row.itemId] }, new Date());
    return getShipmentFreeTime(tx, workspaceId, shipmentId);
  });
}
