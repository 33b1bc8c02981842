import { and, eq } from 'drizzle-orm';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { inWorkspace } from '../../tenancy/scope';
import type { SubscriptionTable } from './tracking-mode';

export const NOT_TRACKED = 'This shipment is not tracked in this workspace.';

/**
 * Locks one shipment of the workspace in `table` for the rest of the transaction, before a change of
 * the workspace's own data on it (tags, references); another workspace's shipment, or an id that is
 * not one, is not found.
 */
export async function lockWorkspaceShipment(
  tx: Database,
  table: SubscriptionTable,
  workspaceId: string,
  shipmentId: string,
): Promise<void> {
  if (!isUuid(shipmentId)) throw new AppError('NOT_FOUND', NOT_TRACKED);
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(inWorkspace({ workspaceId }, table), eq(table.id, shipmentId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', NOT_TRACKED);
}
