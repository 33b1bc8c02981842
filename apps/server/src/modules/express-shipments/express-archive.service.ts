import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { expressShipments } from '../../db/schema/tracking';
import { withTransaction } from '../../lib/transaction';
import { emitShipmentEvents } from '../webhooks/shipment-webhooks';
import { countExpressTabs } from './express-shipments.service';

/**
 * Moves parcels of the workspace between the archived tab and the others, in one transaction with
 * the `shipment.archived` / `shipment.unarchived` webhook events of those that moved. Ids of another
 * workspace are simply not updated.
 */
export async function setExpressArchived(
  ctx: Pick<AppContext, 'pool'>,
  workspaceId: string,
  ids: string[],
  archived: boolean,
) {
  return withTransaction(ctx.pool, async ({ tx }) => {
    const mine = and(eq(expressShipments.workspaceId, workspaceId), inArray(expressShipments.id, ids));
    const moving = await tx
      .select({ id: expressShipments.id })
      .from(expressShipments)
      .where(and(mine, ne(expressShipments.archived, archived)))
      .for('update');
    const updated = await tx
      .update(expressShipments)
      .set({ archived, archivedAt: archived ? new Date() : null })
      .where(mine)
      .returning({ id: expressShipments.id });
    await emitShipmentEvents(
      tx,
      'express',
      archived ? 'shipment.archived' : 'shipment.unarchived',
      workspaceId,
      moving.map((m) => m.id),
    );
    return { updatedIds: updated.map((u) => u.id), ...(await countExpressTabs(tx, workspaceId)) };
  });
}
