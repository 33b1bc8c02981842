import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AlertConditionKind } from '@tracklane/shared/alerts/alerts.schema';
import { EXCEPTION_TYPE_LABELS, type ExceptionType } from '@tracklane/shared/exceptions/exceptions.schema';
import type { Database } from '../../db/client';
import { alertRules } from '../../db/schema/alerts';
import { shipmentExceptionEvents, shipmentExceptions as x } from '../../db/schema/exceptions';
import { modeFeatures } from '../../modes';
import { inWorkspace } from '../../tenancy/scope';
import { filtersSql } from '../alerts/alert-conditions';
import { notifyAboutException } from './exception-effects';

/** The exception types an alert rule's condition stands for (its own thresholds aside). */
export const EXCEPTION_TYPES_OF_CONDITION: Record<AlertConditionKind, readonly ExceptionType[]> = {
  lfd: ['lfd_at_risk', 'lfd_passed'],
  eta_slip: ['eta_slipped'],
  rolled: ['rolled'],
  transshipment: ['connection_at_risk', 'transshipment_delayed'],
  route_changed: ['port_changed', 'sequence_changed'],
  not_picked_up: [],
  stale: ['no_update'],
  exception: ['parcel_exception', 'returned_to_sender'],
  failed_attempt: ['failed_attempt'],
  late: ['late'],
};

/**
 * Assigns newly opened exceptions to the member an enabled alert rule names for them: the oldest rule
 * of the exception's workspace and mode whose condition stands for its type and whose filters match
 * its shipment. Audited as assigned by Tracklane (no actor); the owner is notified.
 */
export async function routeToOwners(tx: Database, exceptionIds: readonly string[], now: Date): Promise<void> {
  if (exceptionIds.length === 0) return;
  const opened = await tx
    .select()
    .from(x)
    .where(and(inArray(x.id, [...exceptionIds]), isNull(x.ownerId)));
  for (const exception of opened) {
    const rules = await tx
      .select()
      .from(alertRules)
      .where(
        and(
          inWorkspace(exception, alertRules),
          eq(alertRules.enabled, true),
          eq(alertRules.mode, exception.mode),
          isNotNull(alertRules.exceptionOwnerId),
        ),
      )
      .orderBy(asc(alertRules.createdAt), asc(alertRules.id));
    const { table } = modeFeatures(exception.mode);
    for (const rule of rules) {
      if (!EXCEPTION_TYPES_OF_CONDITION[rule.condition.kind].includes(exception.type)) continue;
      const [match] = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, exception.subscriptionId), await filtersSql(tx, rule)));
      if (!match) continue;
      const ownerId = rule.exceptionOwnerId!;
      await tx.update(x).set({ ownerId, updatedAt: now }).where(eq(x.id, exception.id));
      await tx
        .insert(shipmentExceptionEvents)
        .values({ exceptionId: exception.id, action: 'assigned', ownerId, createdAt: now });
      await notifyAboutException(
        tx,
        exception,
        {
          key: `routed:${ownerId}`,
          text: `Exception assigned to you by the rule "${rule.name}": ${EXCEPTION_TYPE_LABELS[exception.type]}`,
          userIds: [ownerId],
        },
        now,
      );
      break;
    }
  }
}
