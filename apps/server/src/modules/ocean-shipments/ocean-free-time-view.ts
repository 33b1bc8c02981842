import type { Clock, FreeTimeClocks } from '@tracklane/shared/free-time/free-time';
import type { OceanFreeTime } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';

/** A clock as lists, exports and the API show it. */
const clockView = (c: Clock): OceanFreeTime['demurrage'] => ({
  state: c.state,
  lastFreeDay: c.lastFreeDay,
  daysLeft: c.daysLeft,
  cost: c.cost,
  lastFreeDaySource: c.lastFreeDaySource,
});

/**
 * Both clocks, and the one that ends next, computed as the detail computes them (clocksNow: the
 * shipment's terms, its milestones, its port's calendar): a list row, an export line and the API name
 * each clock's last free day, never one clock's date beside the other's days.
 */
export function freeTimeOf(clocks: FreeTimeClocks): OceanFreeTime {
  const { next } = clocks;
  return {
    clock: next?.clock ?? null,
    lastFreeDay: next?.lastFreeDay ?? null,
    daysLeft: next?.daysLeft ?? null,
    combined: clocks.combined,
    demurrage: clockView(clocks.demurrage),
    detention: clockView(clocks.detention),
    cost: clocks.cost,
    currency: clocks.currency,
  };
}
