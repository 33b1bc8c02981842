import { eq } from 'drizzle-orm';
import type { ExceptionType } from '@tracklane/shared/exceptions/exceptions.schema';
import type { Database } from '../../db/client';
import { shipmentExceptions } from '../../db/schema/exceptions';
import { trackingChanges } from '../../db/schema/notifications';
import { notifyMembers } from '../notifications/record-changes';
import { emitWebhookEvent } from '../webhooks/webhook-events';

type ExceptionWebhook = 'exception.opened' | 'exception.resolved';

/** The webhook an exception's opening or resolution sends, from the writer's transaction (outbox). */
export async function emitExceptionEvent(
  tx: Database,
  type: ExceptionWebhook,
  exceptionId: string,
): Promise<void> {
  const [row] = await tx.select().from(shipmentExceptions).where(eq(shipmentExceptions.id, exceptionId));
  if (!row) return;
  await emitWebhookEvent(tx, {
    workspaceId: row.workspaceId,
    type,
    data: {
      exception: {
        id: row.id,
        type: row.type,
        state: row.state,
        mode: row.mode,
        shipmentId: row.subscriptionId,
        detail: row.detail,
        ownerId: row.ownerId,
        dueOn: row.dueOn,
        openedAt: row.openedAt.toISOString(),
        clearedAt: row.clearedAt?.toISOString() ?? null,
        resolvedAt: row.resolvedAt?.toISOString() ?? null,
      },
    },
  });
}

/**
 * Tells members about an exception through the existing notifications: a stored change of the
 * shipment's item (type `alert`, the kind users already hear rule matches as) and a notification to
 * each of them who still belongs to the workspace and may see its shipments. `key` keeps one event
 * from notifying twice.
 */
export async function notifyAboutException(
  tx: Database,
  exception: { id: string; workspaceId: string; itemId: string; type: ExceptionType },
  input: { key: string; text: string; userIds: readonly string[] },
  now: Date,
): Promise<void> {
  if (input.userIds.length === 0) return;
  const [change] = await tx
    .insert(trackingChanges)
    .values({
      itemId: exception.itemId,
      type: 'alert',
      key: `exception:${exception.id}:${input.key}`,
      text: input.text,
      data: { exceptionId: exception.id, subject: exception.type },
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: trackingChanges.id });
  if (!change) return;
  await notifyMembers(
    tx,
    { changeId: change.id, workspaceId: exception.workspaceId, userIds: input.userIds },
    now,
  );
}
