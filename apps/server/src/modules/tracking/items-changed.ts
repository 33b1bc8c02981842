import type { ChangeRecord } from '@tracklane/shared/notifications/notification-types';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import type { TrackingModes } from './tracking-mode';

/** The change "not found at the carrier": the engine's own, the same for every mode. */
export const NOT_FOUND_CHANGE: ChangeRecord = {
  type: 'not_found',
  key: 'not_found',
  text: 'Not found at the carrier: we keep checking daily',
  data: {},
};

/** One tracked item that a refresh wrote something about. */
export interface ChangedItem {
  itemId: string;
  mode: TrackingMode;
  /** What changed in its derived view (the mode's `detectChanges`, or "not found"): what is notified. */
  changes: ChangeRecord[];
  /** Carrier events stored for the first time in this transaction. */
  trackingEventIds: number[];
  /** Its list columns were copied to its subscriptions again (its view or its state moved). */
  columnsChanged: boolean;
  /**
   * It was checked after a silence long enough to count as "no update" (EXCEPTION_THRESHOLDS'
   * `noUpdateDays`, or never checked before): what was judged on its silence is judged again, even
   * when the answer brought nothing new.
   */
  silenceEnded: boolean;
}

/** What the engine announces once per transaction that changed tracked items. */
export interface ItemsChanged {
  /** The transaction that wrote the changes: a subscriber writes in it, so all commit or none. */
  tx: Database;
  modes: TrackingModes;
  /** Only items with something new: a change, a new event, new list columns or an ended silence. */
  items: readonly ChangedItem[];
  now: Date;
}

/**
 * A feature that hears of changed items (notifications, webhooks, alerts, live pages). The engine
 * knows none of them by name: the composition root lists them, and they run in that order inside the
 * refresh's transaction; one that throws rolls the refresh back.
 */
export type ItemsChangedSubscriber = (announcement: ItemsChanged) => Promise<void>;

/** The items of one mode, in announcement order. */
export function itemsOfMode(items: readonly ChangedItem[], mode: TrackingMode): ChangedItem[] {
  return items.filter((item) => item.mode === mode);
}

/** Tells every subscriber, in order; nothing is announced when no item has anything new. */
export async function announceItemsChanged(
  subscribers: readonly ItemsChangedSubscriber[],
  announcement: ItemsChanged,
): Promise<void> {
  if (announcement.items.length === 0) return;
  for (const subscriber of subscribers) await subscriber(announcement);
}
