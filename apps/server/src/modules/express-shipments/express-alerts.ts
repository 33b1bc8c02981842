import { CONDITIONS_BY_MODE } from '@tracklane/shared/alerts/alerts.schema';
import { inArray } from 'drizzle-orm';
import { expressShipments as es } from '../../db/schema/tracking';
import { NO_MARK } from '../alerts/alert-conditions';
import { EXPRESS_CONDITIONS } from './express-attention';
import type { ModeAlerts } from '../tracking/tracking-mode';

const DAY = 24 * 3_600_000;

/** Express's alert conditions (from its attention rules) and its rules' carrier filter. */
export const EXPRESS_ALERTS: ModeAlerts = {
  conditions: CONDITIONS_BY_MODE.express,
  condition(condition, now) {
    switch (condition.kind) {
      case 'not_picked_up':
        return {
          where: EXPRESS_CONDITIONS.awaitingPickup(new Date(now.getTime() - condition.days * DAY)),
          mark: NO_MARK,
        };
      case 'exception':
        return { where: EXPRESS_CONDITIONS.exception(), mark: NO_MARK };
      case 'failed_attempt':
        return { where: EXPRESS_CONDITIONS.failedAttempt(), mark: NO_MARK };
      case 'late':
        return { where: EXPRESS_CONDITIONS.late(now, condition.hours), mark: NO_MARK };
      default:
        return null;
    }
  },
  filters(filters) {
    return filters.carriers.length
      ? inArray(
          es.carrier,
          filters.carriers.map((c) => c.toLowerCase()),
        )
      : undefined;
  },
};
