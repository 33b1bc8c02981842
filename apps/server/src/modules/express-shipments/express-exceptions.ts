import { and, eq, inArray } from 'drizzle-orm';
import type { DerivedParcel } from '@tracklane/shared/tracking/express/derived-parcel';
import { EXCEPTION_THRESHOLDS } from '@tracklane/shared/exceptions/exceptions.schema';
import type { Database } from '../../db/client';
import { expressShipments, trackedItems } from '../../db/schema/tracking';
import { HOUR, hoursOf, noUpdate, notFound, type Finding } from '../exceptions/exception-rules';
import type { ExceptionScope, ExceptionSubject } from '../tracking/tracking-mode';

/** What the rules read of one parcel subscription. */
export interface ParcelSnapshot {
  state: string;
  status: string | null;
  estimatedDelivery: Date | null;
  deliveredAt: Date | null;
  lastCheckedAt: Date | null;
  derived: Pick<DerivedParcel, 'subStatus'> | null;
}

export const parcelException = (p: ParcelSnapshot): Finding | null =>
  p.status === 'exception' && p.derived?.subStatus !== 'return_to_sender'
    ? {
        type: 'parcel_exception',
        mark: '',
        detail: `Carrier reports an exception${p.derived?.subStatus ? ` (${p.derived.subStatus.replaceAll('_', ' ')})` : ''}`,
      }
    : null;

export const failedAttempt = (p: ParcelSnapshot): Finding | null =>
  p.status === 'failed_attempt'
    ? { type: 'failed_attempt', mark: '', detail: 'Delivery attempt failed' }
    : null;

export const returnedToSender = (p: ParcelSnapshot): Finding | null =>
  p.derived?.subStatus === 'return_to_sender' && p.status !== 'delivered'
    ? { type: 'returned_to_sender', mark: '', detail: 'On its way back to the sender' }
    : null;

/** Not delivered, and the estimate passed more than the threshold ago. */
export function late(p: ParcelSnapshot, now: Date): Finding | null {
  if (p.deliveredAt || !p.estimatedDelivery) return null;
  const overdue = now.getTime() - p.estimatedDelivery.getTime();
  if (overdue <= EXCEPTION_THRESHOLDS.lateHours * HOUR) return null;
  return { type: 'late', mark: '', detail: `${String(hoursOf(overdue))} h past the estimated delivery` };
}

export function parcelFindings(p: ParcelSnapshot, now: Date): Finding[] {
  return [
    parcelException(p),
    failedAttempt(p),
    returnedToSender(p),
    late(p, now),
    notFound(p.state),
    noUpdate(p.state, p.lastCheckedAt, now),
  ].filter((f): f is Finding => f !== null);
}

/** The parcel rules over the scope's subscriptions: each with what its rules find. */
export async function expressExceptionSubjects(
  tx: Database,
  scope: ExceptionScope,
  now: Date,
): Promise<ExceptionSubject[]> {
  const es = expressShipments;
  const rows = await tx
    .select({
      id: es.id,
      workspaceId: es.workspaceId,
      itemId: es.itemId,
      state: es.state,
      status: es.status,
      estimatedDelivery: es.estimatedDelivery,
      deliveredAt: es.deliveredAt,
      lastCheckedAt: trackedItems.lastCheckedAt,
      derived: trackedItems.derived,
    })
    .from(es)
    .innerJoin(trackedItems, eq(trackedItems.id, es.itemId))
    .where(
      and(eq(es.archived, false), 'itemIds' in scope ? inArray(es.itemId, [...scope.itemIds]) : undefined),
    );
  return rows.map((r) => ({
    subscriptionId: r.id,
    workspaceId: r.workspaceId,
    itemId: r.itemId,
    findings: parcelFindings({ ...r, derived: r.derived as DerivedParcel | null }, now),
  }));
}
