import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { allModeFeatures } from '../../modes';
import { publishLive } from '../../integrations/realtime/publish-live';
import type { ItemsChangedSubscriber } from '../tracking/items-changed';
import type { SubscriptionTable } from '../tracking/tracking-mode';
import { inWorkspace } from '../../tenancy/scope';

/** The subscriptions (shipments) following these items, in one workspace or in all, with their workspaces. */
async function subscriptionsOf(
  tx: Database,
  tables: readonly SubscriptionTable[],
  itemIds: readonly string[],
  workspaceId?: string,
): Promise<{ id: string; workspaceId: string }[]> {
  if (itemIds.length === 0) return [];
  const rows: { id: string; workspaceId: string }[] = [];
  // One table after the other: a transaction's queries share its connection.
  for (const table of tables)
    rows.push(
      ...(await tx
        .select({ id: table.id, workspaceId: table.workspaceId })
        .from(table)
        .where(
          and(
            inArray(table.itemId, [...itemIds]),
            workspaceId ? inWorkspace({ workspaceId }, table) : undefined,
          ),
        )),
    );
  return rows;
}

/**
 * The live pages' part of the engine's announcement (ADR 0041): every workspace following a changed
 * item hears that its lists, counts and dashboard moved, and every page showing one of its shipments
 * (detail, a recipient's shared page, a public link) that it did. Archived followers too: the archive
 * tab shows them. Nobody's notification settings are read.
 */
export const publishChangedItems: ItemsChangedSubscriber = async ({ tx, modes, items }) => {
  const tables = Object.values(modes).map((mode) => mode.features.table);
  const followers = await subscriptionsOf(
    tx,
    tables,
    items.map((item) => item.itemId),
  );
  await publishLive(tx, {
    workspaceIds: followers.map((f) => f.workspaceId),
    shipmentIds: followers.map((f) => f.id),
  });
};

/**
 * A write in one workspace changed these shipments (archive, tags, intake, shares): its lists and the
 * shipments' pages refetch. Called inside the write's transaction.
 */
export async function publishShipmentsChanged(
  tx: Database,
  workspaceId: string,
  shipmentIds: readonly string[],
): Promise<void> {
  await publishLive(tx, { workspaceIds: [workspaceId], shipmentIds });
}

/** A write about an item in one workspace (a comment): the pages of its shipments there refetch. */
export async function publishItemChanged(tx: Database, workspaceId: string, itemId: string): Promise<void> {
  const followers = await subscriptionsOf(
    tx,
    allModeFeatures().map((mode) => mode.table),
    [itemId],
    workspaceId,
  );
  await publishLive(tx, { shipmentIds: followers.map((f) => f.id) });
}

/**
 * Something a workspace's pages show besides its shipments changed (e-mail intake received or dropped
 * a message): its open pages refetch. Called inside the write's transaction.
 */
export async function publishWorkspaceChanged(tx: Database, workspaceId: string): Promise<void> {
  await publishLive(tx, { workspaceIds: [workspaceId] });
}
