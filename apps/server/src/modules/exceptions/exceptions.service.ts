import { and, eq, inArray } from 'drizzle-orm';
import { commentPlainText, mentionedUserIds } from '@tracklane/shared/comments/comment-content';
import {
  EXCEPTION_TYPE_LABELS,
  type BulkExceptions,
  type ExceptionAction,
  type ExceptionListQuery,
  type ExceptionList,
  type ShipmentExceptionDetail,
  type UpdateException,
} from '@tracklane/shared/exceptions/exceptions.schema';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { shipmentExceptionEvents, shipmentExceptions as x } from '../../db/schema/exceptions';
import { publishLive } from '../../integrations/realtime/publish-live';
import { AppError } from '../../lib/app-error';
import { withTransaction } from '../../lib/transaction';
import { shipmentReaders } from '../members/shipment-readers';
import type { Tenant } from '../../tenancy/tenant';
import { inWorkspace } from '../../tenancy/scope';
import { emitExceptionEvent, notifyAboutException } from './exception-effects';
import { exceptionEvents, exceptionRow, listExceptionRows } from './exception-queries';

type ExceptionRow = typeof x.$inferSelect;

const NOT_FOUND = 'This exception does not exist in this workspace.';
const NOT_A_READER = 'The owner must be a member of this workspace who may see its shipments.';
const CLOSED = 'This exception is already resolved. It can no longer be changed, only read.';

export function listExceptions(
  db: Database,
  tenant: Tenant,
  query: ExceptionListQuery,
): Promise<ExceptionList> {
  return listExceptionRows(db, tenant, query);
}

export async function getException(
  db: Database,
  tenant: Tenant,
  id: string,
): Promise<ShipmentExceptionDetail> {
  const exception = await exceptionRow(db, tenant, id);
  if (!exception) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { ...exception, events: await exceptionEvents(db, id) };
}

async function assertReader(tx: Database, tenant: Tenant, userId: string): Promise<void> {
  const readers = await shipmentReaders(tx, tenant.workspaceId);
  if (!readers.some((r) => r.userId === userId)) throw new AppError('VALIDATION', NOT_A_READER);
}

const isActive = (row: ExceptionRow) => row.state === 'open' || row.state === 'acknowledged';

/**
 * Applies one change to a locked exception with its audit rows; tells the new owner (unless they made
 * the change) and the members mentioned in a note. The caller holds the transaction and the lock.
 */
async function applyChange(
  tx: Database,
  tenant: Tenant,
  row: ExceptionRow,
  change: UpdateException,
  now: Date,
): Promise<void> {
  if (!isActive(row)) throw new AppError('CONFLICT', CLOSED);
  const audit = (values: {
    action: ExceptionAction;
    ownerId?: string | null;
    dueOn?: string | null;
    note?: string;
  }) =>
    tx
      .insert(shipmentExceptionEvents)
      .values({ exceptionId: row.id, actorId: tenant.userId, createdAt: now, ...values });
  const label = EXCEPTION_TYPE_LABELS[row.type];
  const set: Partial<ExceptionRow> = { updatedAt: now };
  if (change.ownerId !== undefined && change.ownerId !== row.ownerId) {
    if (change.ownerId) await assertReader(tx, tenant, change.ownerId);
    set.ownerId = change.ownerId;
    await audit({ action: 'assigned', ownerId: change.ownerId });
    if (change.ownerId && change.ownerId !== tenant.userId)
      await notifyAboutException(
        tx,
        row,
        {
          key: `assigned:${now.toISOString()}:${change.ownerId}`,
          text: `Exception assigned to you: ${label}`,
          userIds: [change.ownerId],
        },
        now,
      );
  }
  if (change.dueOn !== undefined && change.dueOn !== row.dueOn) {
    set.dueOn = change.dueOn;
    await audit({ action: 'due_set', dueOn: change.dueOn });
  }
  if (change.note) {
    await audit({ action: 'noted', note: change.note });
    const mentioned = mentionedUserIds(change.note).filter((id) => id !== tenant.userId);
    await notifyAboutException(
      tx,
      row,
      {
        key: `note:${now.toISOString()}:${tenant.userId}`,
        text: `Mentioned in a note on an exception (${label}): ${commentPlainText(change.note).slice(0, 200)}`,
        userIds: mentioned,
      },
      now,
    );
  }
  if (change.state === 'acknowledged' && row.state === 'open') {
    set.state = 'acknowledged';
    await audit({ action: 'acknowledged' });
  }
  if (change.state === 'resolved') {
    set.state = 'resolved';
    set.resolvedAt = now;
    await audit({ action: 'resolved' });
  }
  await tx.update(x).set(set).where(eq(x.id, row.id));
  if (set.state === 'resolved') await emitExceptionEvent(tx, 'exception.resolved', row.id);
}

/** One exception's owner, due date, state or note, in one transaction (locked against a concurrent change). */
export async function updateException(
  ctx: Pick<AppContext, 'db' | 'pool'>,
  tenant: Tenant,
  id: string,
  change: UpdateException,
  now = new Date(),
): Promise<ShipmentExceptionDetail> {
  await withTransaction(ctx.pool, async ({ tx }) => {
    const [row] = await tx
      .select()
      .from(x)
      .where(and(inWorkspace(tenant, x), eq(x.id, id)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await applyChange(tx, tenant, row, change, now);
    await publishLive(tx, { workspaceIds: [tenant.workspaceId], shipmentIds: [row.subscriptionId] });
  });
  return getException(ctx.db, tenant, id);
}

/**
 * Assigns or resolves several exceptions at once: all or none. An id not of this workspace answers
 * 404 for the whole request; exceptions already closed are skipped (another user got there first).
 *
 * @returns how many changed.
 */
export async function bulkUpdateExceptions(
  ctx: Pick<AppContext, 'db' | 'pool'>,
  tenant: Tenant,
  input: BulkExceptions,
  now = new Date(),
): Promise<number> {
  const ids = [...new Set(input.ids)];
  return withTransaction(ctx.pool, async ({ tx }) => {
    const rows = await tx
      .select()
      .from(x)
      .where(and(inWorkspace(tenant, x), inArray(x.id, ids)))
      .orderBy(x.id)
      .for('update');
    if (rows.length !== ids.length)
      throw new AppError('NOT_FOUND', 'One or more of these exceptions do not exist in this workspace.');
    const change: UpdateException =
      input.action.kind === 'assign' ? { ownerId: input.action.ownerId } : { state: 'resolved' };
    let changed = 0;
    for (const row of rows.filter(isActive)) {
      await applyChange(tx, tenant, row, change, now);
      changed++;
    }
    await publishLive(tx, {
      workspaceIds: [tenant.workspaceId],
      shipmentIds: rows.map((r) => r.subscriptionId),
    });
    return changed;
  });
}
