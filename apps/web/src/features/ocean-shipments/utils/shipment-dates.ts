import type { OceanShipment } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { milestoneText } from '@tracklane/shared/tracking/derive-shipment';
import { formatDate, formatDateTime } from '../../../lib/dates';

/*
 * spec §3: departure and arrival read "actual EST: estimated", "EST: estimated" or "-". Lists show the
 * day only (§9), the detail page the day and the 24-hour time, both in the reader's time zone.
 */

type Precision = 'day' | 'minute';

const formatter = (timeZone: string, precision: Precision) => (iso: string) =>
  precision === 'day' ? formatDate(iso, timeZone) : formatDateTime(iso, timeZone);

export function departureText(
  shipment: Pick<OceanShipment, 'departureVO'>,
  timeZone: string,
  precision: Precision = 'day',
): string {
  const { atd, etd } = shipment.departureVO;
  return milestoneText(atd, etd, formatter(timeZone, precision));
}

export function arrivalText(
  shipment: Pick<OceanShipment, 'arrivalVO'>,
  timeZone: string,
  precision: Precision = 'day',
): string {
  const { ata, eta } = shipment.arrivalVO;
  return milestoneText(ata, eta, formatter(timeZone, precision));
}

const DAY_MS = 86_400_000;

/**
 * How urgent the last free day is: storage charges start after it, so it matters until the container
 * has left the terminal (full gate-out).
 */
export function lastFreeDayUrgency(
  shipment: Pick<OceanShipment, 'shipmentOverall'>,
  now: number = Date.now(),
): 'none' | 'soon' | 'passed' {
  const { lastFreeDay, fullGateOut } = shipment.shipmentOverall;
  if (!lastFreeDay || fullGateOut?.classifier === 'ACT') return 'none';
  const left = Date.parse(lastFreeDay.time) - now;
  if (left < 0) return 'passed';
  return left <= 3 * DAY_MS ? 'soon' : 'none';
}
