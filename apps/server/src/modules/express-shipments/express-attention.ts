import { sql } from 'drizzle-orm';
import type { ExpressAttentionRule } from '@tracklane/shared/dashboard/dashboard.schema';
import { expressShipments as es } from '../../db/schema/tracking';
import type { AttentionRule } from '../dashboard/attention';

const HOUR = 3_600_000;

/** The express conditions behind its attention rules (see OCEAN_CONDITIONS). */
export const EXPRESS_CONDITIONS = {
  exception: () => sql`(${es.status} = 'exception')`,
  failedAttempt: () => sql`(${es.status} = 'failed_attempt')`,
  /** Not delivered, and the estimate passed more than `hours` ago. */
  late: (now: Date, hours = 0) =>
    sql`(${es.deliveredAt} IS NULL AND ${es.estimatedDelivery} < ${new Date(now.getTime() - hours * HOUR)})`,
  /** Waiting at a pickup point (since `since` or earlier, when given). */
  awaitingPickup: (since?: Date) =>
    since
      ? sql`(${es.status} = 'available_for_pickup' AND ${es.lastEventAt} <= ${since})`
      : sql`(${es.status} = 'available_for_pickup')`,
};

/** The express attention rules, one definition each (see OCEAN_ATTENTION). */
export const EXPRESS_ATTENTION: Record<ExpressAttentionRule, AttentionRule> = {
  exception: {
    label: 'Exception',
    where: () => EXPRESS_CONDITIONS.exception(),
    order: sql`${es.lastEventAt} DESC NULLS LAST, ${es.id}`,
  },
  failedAttempt: {
    label: 'Failed delivery attempt',
    where: () => EXPRESS_CONDITIONS.failedAttempt(),
    order: sql`${es.lastEventAt} DESC NULLS LAST, ${es.id}`,
  },
  late: {
    label: 'Late against the estimate',
    where: (now) => EXPRESS_CONDITIONS.late(now),
    order: sql`${es.estimatedDelivery} ASC, ${es.id}`,
  },
  awaitingPickup: {
    label: 'Awaiting pickup',
    where: () => EXPRESS_CONDITIONS.awaitingPickup(),
    order: sql`${es.lastEventAt} ASC NULLS LAST, ${es.id}`,
  },
  notFound: {
    label: 'Not found',
    where: () => sql`(${es.state} = 'not_found')`,
    order: sql`${es.createdAt} DESC, ${es.id}`,
  },
  noConnection: {
    label: 'No connection',
    where: () => sql`(${es.state} = 'no_source')`,
    order: sql`${es.createdAt} DESC, ${es.id}`,
  },
};
