import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { oceanShipments } from '../../db/schema/tracking';
import { withTransaction } from '../../lib/transaction';
import { emitShipmentEvents } from '../webhooks/shipment-webhooks';
import { countTabs } from './ocean-shipments.service';

/**
 * Moves shipments of the workspace between the active and archived tabs (spec §4), in one
 * transaction with the `shipment.archived` / `shipment.unarchived` webhook events of those that moved.
 * Ids of another workspace are simply not updated.
 */
export async function setArchived(
  ctx: Pick<AppContext, 'pool'>,
  workspaceId: string,
  ids: string[],
  archived: boolean,
) {
  return withTransaction(ctx.pool, async ({ tx }) => {
    const mine = and(eq(oceanShipments.workspaceId, workspaceId), inArray(oceanShipments.id, ids));
    const moving = await tx
      .select({ id: oceanShipments.id })
      .from(oceanShipments)
      .where(and(mine, ne(oceanShipments.archived, archived)))
      .for('update');
    const updated = await tx
      .update(oceanShipments)
      .set({ archived, archivedAt: archived ? new Date() : null })
      .where(mine)
      .returning({ id: oceanShipments.id });
    await emitShipmentEvents(
      tx,
      'ocean',
      archived ? 'shipment.archived' : 'shipment.unarchived',
      workspaceId,
      moving.map((m) => m.id),
    );
    return { updatedIds: updated.map((u) => u.id), ...(await countTabs(tx, workspaceId)) };
  });
}
