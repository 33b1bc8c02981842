import { sql } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import { alertEpisodes } from '../../db/schema/alerts';
import { comments } from '../../db/schema/comments';
import { notifications } from '../../db/schema/notifications';
import { shipmentShares } from '../../db/schema/sharing';

/** A subscription moved from one tracked item to another (rescope.service.ts). */
export interface SubscriptionMove {
  id: string;
  workspaceId: string;
  source: string;
  target: string;
}

/**
 * What the workspace keeps about a shipment by its item rather than its subscription follows the
 * subscription to its new item: its comments (and the mention notifications that open them), its open
 * alert episodes, and the notifications of its shares. Changes and their notifications stay with the
 * item that saw them.
 */
export async function moveRelated(
  tx: Database,
  mode: TrackingMode,
  moves: readonly SubscriptionMove[],
): Promise<void> {
  if (moves.length === 0) return;
  const rows = sql`jsonb_to_recordset(${JSON.stringify(moves)}::jsonb)
    AS m(id uuid, "workspaceId" uuid, source uuid, target uuid)`;
  await tx.execute(sql`
    UPDATE ${comments} c SET item_id = m.target FROM ${rows}
    WHERE c.workspace_id = m."workspaceId" AND c.item_id = m.source`);
  await tx.execute(sql`
    UPDATE ${notifications} n SET item_id = c.item_id FROM ${comments} c
    WHERE n.comment_id = c.id AND n.item_id <> c.item_id
      AND c.item_id IN (SELECT m.target FROM ${rows})`);
  await tx.execute(sql`
    UPDATE ${alertEpisodes} e SET item_id = m.target FROM ${rows}
    WHERE e.subscription_id = m.id AND e.item_id = m.source`);
  await tx.execute(sql`
    UPDATE ${notifications} n SET item_id = m.target FROM ${shipmentShares} s, ${rows}
    WHERE n.share_id = s.id AND s.mode = ${mode} AND s.shipment_id = m.id AND n.item_id = m.source`);
}
