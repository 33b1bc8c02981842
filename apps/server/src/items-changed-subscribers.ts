import { alertChangedItems } from './modules/alerts/alert-evaluation';
import { syncChangedExceptions } from './modules/exceptions/exception-sync';
import { publishChangedItems } from './modules/live-pages/live-publish';
import { notifyChangedItems } from './modules/notifications/record-changes';
import { recordChangedEstimates } from './modules/ocean-shipments/eta/tracklane-history';
import { measureChangedItems } from './modules/ocean-shipments/reliability/arrival-facts';
import type { ItemsChangedSubscriber } from './modules/tracking/items-changed';
import { emitChangedItems } from './modules/webhooks/shipment-webhooks';

/**
 * Who hears the tracking engine's "these items changed", in this order, inside the refresh's
 * transaction: notifications (stored changes and the followers' notifications), webhooks
 * (`shipment.changed`), exceptions (raised and cleared from the list columns just written and the
 * views), alerts (on the same columns, and on the exceptions for the conditions only they judge),
 * Tracklane's estimate as each organization is shown it (kept for its accuracy), reliability (arrival
 * facts and their monthly roll-ups) and live pages (open lists, details,
 * dashboards and shared pages refetch). The engine knows none of them by name.
 */
export const ITEMS_CHANGED_SUBSCRIBERS: readonly ItemsChangedSubscriber[] = [
  notifyChangedItems,
  emitChangedItems,
  syncChangedExceptions,
  alertChangedItems,
  recordChangedEstimates,
  measureChangedItems,
  publishChangedItems,
];
