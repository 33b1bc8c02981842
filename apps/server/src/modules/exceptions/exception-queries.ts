import { and, asc, desc, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ACTIVE_EXCEPTION_STATES,
  type ExceptionCounts,
  type ExceptionEvent,
  type ExceptionList,
  type ExceptionListQuery,
  type ShipmentException,
} from '@tracklane/shared/exceptions/exceptions.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import { shipmentExceptionEvents, shipmentExceptions as x } from '../../db/schema/exceptions';
import { users } from '../../db/schema/users';
import type { WorkspaceScope } from '../../tenancy/scope';
import { inWorkspace } from '../../tenancy/scope';
import { overEveryMode } from '../tracking/every-mode';

const owner = alias(users, 'exception_owner');
const nameOf = (u: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;

/**
 * The shipment an exception is about, in its mode's table: its number, carrier, tags and whether it is
 * archived (nulls if gone). One primary-key lookup per exception; the other modes' branches are skipped.
 */
const shipment = sql`(${overEveryMode(({ mode, table, presentation }) => {
  const { number, carrier } = presentation.historyColumns();
  return sql`SELECT ${number} AS reference, ${carrier} AS carrier, ${table.tags} AS tags,
    ${table.archived} AS archived
    FROM ${table} WHERE ${x.mode} = ${mode} AND ${table.id} = ${x.subscriptionId}`;
})}) AS shipment`;
const reference = sql<string | null>`shipment.reference`;
const carrier = sql<string | null>`shipment.carrier`;
const tags = sql<string[] | null>`shipment.tags`;

const columns = {
  id: x.id,
  type: x.type,
  state: x.state,
  mode: x.mode,
  shipmentId: x.subscriptionId,
  reference,
  carrier,
  tags,
  detail: x.detail,
  ownerId: x.ownerId,
  ownerName: nameOf(owner),
  dueOn: x.dueOn,
  openedAt: x.openedAt,
  clearedAt: x.clearedAt,
  resolvedAt: x.resolvedAt,
};
interface Row {
  id: string;
  type: ShipmentException['type'];
  state: ShipmentException['state'];
  mode: ShipmentException['mode'];
  shipmentId: string;
  reference: string | null;
  carrier: string | null;
  tags: string[] | null;
  detail: string;
  ownerId: string | null;
  ownerName: string | null;
  dueOn: string | null;
  openedAt: Date;
  clearedAt: Date | null;
  resolvedAt: Date | null;
}

export function toException(r: Row): ShipmentException {
  return {
    id: r.id,
    type: r.type,
    state: r.state,
    mode: r.mode,
    shipmentId: r.shipmentId,
    reference: r.reference ?? '',
    carrier: r.carrier ?? '',
    tags: r.tags ?? [],
    detail: r.detail,
    owner: r.ownerId ? { id: r.ownerId, name: r.ownerName ?? '' } : null,
    dueOn: r.dueOn,
    openedAt: r.openedAt.toISOString(),
    clearedAt: r.clearedAt?.toISOString() ?? null,
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  };
}

/** The workspace's exceptions joined to their (non-archived) shipments and owners. */
function selectExceptions(db: Database) {
  return db
    .select(columns)
    .from(x)
    .leftJoinLateral(shipment, sql`true`)
    .leftJoin(owner, eq(owner.id, x.ownerId));
}

/** Still on an active (not archived) shipment of the workspace. */
const onLiveShipment = sql`(shipment.archived = false)`;

function filtersOf(scope: WorkspaceScope, query: ExceptionListQuery): SQL {
  const states = query.state.length ? query.state : [...ACTIVE_EXCEPTION_STATES];
  return and(
    inWorkspace(scope, x),
    onLiveShipment,
    inArray(x.state, states),
    query.type.length ? inArray(x.type, query.type) : undefined,
    query.owner === 'none' ? isNull(x.ownerId) : query.owner ? eq(x.ownerId, query.owner) : undefined,
    query.carrier ? sql`lower(${carrier}) = lower(${query.carrier}::text)` : undefined,
    query.tag
      ? sql`EXISTS (SELECT 1 FROM unnest(${tags}) AS t(tag) WHERE lower(t.tag) = lower(${query.tag}::text))`
      : undefined,
  )!;
}

export async function listExceptionRows(
  db: Database,
  scope: WorkspaceScope,
  query: ExceptionListQuery,
): Promise<ExceptionList> {
  const where = filtersOf(scope, query);
  const rows = (await selectExceptions(db)
    .where(where)
    .orderBy(sql`${x.dueOn} ASC NULLS LAST`, desc(x.openedAt), desc(x.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)) as Row[];
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(x)
    .leftJoinLateral(shipment, sql`true`)
    .where(where);
  return { items: rows.map(toException), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function exceptionRow(
  db: Database,
  scope: WorkspaceScope,
  id: string,
): Promise<ShipmentException | null> {
  const [row] = (await selectExceptions(db).where(and(inWorkspace(scope, x), eq(x.id, id)))) as Row[];
  return row ? toException(row) : null;
}

export async function exceptionEvents(db: Database, exceptionId: string): Promise<ExceptionEvent[]> {
  const e = shipmentExceptionEvents;
  const rows = await db
    .select({
      id: e.id,
      action: e.action,
      actorId: e.actorId,
      actorName: nameOf(users),
      note: e.note,
      ownerId: e.ownerId,
      dueOn: e.dueOn,
      createdAt: e.createdAt,
    })
    .from(e)
    .leftJoin(users, eq(users.id, e.actorId))
    .where(eq(e.exceptionId, exceptionId))
    .orderBy(asc(e.seq));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor: r.actorId ? { id: r.actorId, name: r.actorName } : null,
    note: r.note,
    ownerId: r.ownerId,
    dueOn: r.dueOn,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The active exceptions of a workspace on its active shipments, in all and by type. */
export async function exceptionCounts(
  db: Database,
  scope: WorkspaceScope,
  mode?: TrackingMode,
): Promise<ExceptionCounts> {
  const rows = await db
    .select({ type: x.type, n: sql<number>`count(*)::int` })
    .from(x)
    .leftJoinLateral(shipment, sql`true`)
    .where(
      and(
        inWorkspace(scope, x),
        mode ? eq(x.mode, mode) : undefined,
        onLiveShipment,
        inArray(x.state, [...ACTIVE_EXCEPTION_STATES]),
      ),
    )
    .groupBy(x.type);
  return {
    active: rows.reduce((sum, r) => sum + r.n, 0),
    byType: Object.fromEntries(rows.map((r) => [r.type, r.n])),
  };
}
