import type { Database } from '../../db/client';
import { publish, USERS_PER_NOTIFY, type LiveFollow, type RealtimeEvent } from './realtime-hub';

/**
 * Publishes what changed for open pages (see the `live` topic): each id once, {@link USERS_PER_NOTIFY}
 * ids per NOTIFY. Inside the writer's transaction, so a page hears only of committed changes; a NOTIFY
 * repeated in one transaction is delivered once.
 */
export async function publishLive(tx: Database, changed: LiveFollow): Promise<void> {
  const ids = [
    ...[...new Set(changed.workspaceIds)].map((id) => ['workspaceIds', id] as const),
    ...[...new Set(changed.shipmentIds)].map((id) => ['shipmentIds', id] as const),
    ...[...new Set(changed.shareLinkIds)].map((id) => ['shareLinkIds', id] as const),
  ];
  for (let i = 0; i < ids.length; i += USERS_PER_NOTIFY) {
    const event: Extract<RealtimeEvent, { topic: 'live' }> = {
      topic: 'live',
      workspaceIds: [],
      shipmentIds: [],
      shareLinkIds: [],
    };
    for (const [kind, id] of ids.slice(i, i + USERS_PER_NOTIFY)) event[kind].push(id);
    await publish(tx, event);
  }
}
