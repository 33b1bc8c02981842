import { and, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { OceanShipmentDetail } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import type { Database } from '../../../db/client';
import { issuedEtas } from '../../../db/schema/reliability';
import { oceanShipments as os, UNKNOWN_TIME } from '../../../db/schema/tracking';
import { AppError } from '../../../lib/app-error';
import { withTransaction } from '../../../lib/transaction';
import type { Tenant } from '../../../tenancy/tenant';
import { inWorkspace } from '../../../tenancy/scope';
import { publishShipmentsChanged } from '../../live-pages/live-publish';
import { getOceanShipmentById } from '../ocean-shipments.service';

const NOT_TRACKED = 'This shipment is not tracked in this workspace.';

/**
 * The arrival sort of these items' subscriptions with an ETA set by hand and no actual arrival: the
 * manual ETA, as `arrivalVO.eta` shows it (the refresh copies the carrier's first, see afterCopy).
 */
export async function applyManualEtas(db: Database, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .update(os)
    .set({ arrivalAt: sql`${os.manualEta}` })
    .where(
      and(
        inArray(os.itemId, [...itemIds]),
        sql`${os.manualEta} IS NOT NULL AND ${os.ata} IS NULL AND ${os.arrivalAt} IS DISTINCT FROM ${os.manualEta}`,
      ),
    );
}

/**
 * Sets (or, with null, clears) a shipment's ETA by hand (ADR 0049): while set it is the one
 * `arrivalVO.eta` shows and the list sorts by; the carrier's stays beside it, and ETA-slip exceptions
 * and alerts keep reading the carrier's. Each change is kept, with when, for the manual ETA's own
 * accuracy. Open pages of the workspace refetch.
 */
export async function setManualEta(
  pool: pg.Pool,
  tenant: Pick<Tenant, 'userId' | 'workspaceId' | 'organizationId'>,
  shipmentId: string,
  eta: string | null,
): Promise<OceanShipmentDetail> {
  if (!isUuid(shipmentId)) throw new AppError('NOT_FOUND', NOT_TRACKED);
  const { workspaceId } = tenant;
  return withTransaction(pool, async ({ tx }) => {
    const now = new Date();
    const manual = eta === null ? null : new Date(eta);
    const [row] = await tx
      .update(os)
      .set({
        manualEta: manual ?? sql`NULL`,
        manualEtaSetAt: manual ? now : sql`NULL`,
        manualEtaSetBy: manual ? tenant.userId : sql`NULL`,
        // The arrival sort: the actual, else the ETA shown (this one, else the carrier's).
        arrivalAt: sql`coalesce(${os.ata}, ${manual}::timestamptz, ${os.eta}, ${UNKNOWN_TIME}::timestamptz)`,
      })
      .where(and(inWorkspace({ workspaceId }, os), eq(os.id, shipmentId)))
      .returning({ itemId: os.itemId, ata: os.ata });
    if (!row) throw new AppError('NOT_FOUND', NOT_TRACKED);
    // An arrived box has its actual arrival: an ETA set now would be shown nowhere (rolled back).
    if (row.ata && manual) throw new AppError('CONFLICT', 'This shipment has arrived: it needs no ETA.');
    await tx.insert(issuedEtas).values({
      itemId: row.itemId,
      source: 'manual',
      organizationId: tenant.organizationId,
      workspaceId,
      eta: manual,
      issuedAt: now,
    });
    await publishShipmentsChanged(tx, workspaceId, [shipmentId]);
    return getOceanShipmentById(tx, { workspaceId, userId: tenant.userId }, shipmentId, now);
  });
}
