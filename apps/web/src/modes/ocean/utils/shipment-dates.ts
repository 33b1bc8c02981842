import type { OceanShipment } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { LFD_SOON_DAYS } from '@tracklane/shared/dashboard/dashboard.schema';
import { milestoneText } from '@tracklane/shared/tracking/ocean/derive-shipment';
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

/**
 * How urgent demurrage's last free day is, as the shared derivation counts it (freeTime: the port's
 * calendar, the shipment's terms): only while demurrage is the clock that ends next, since charges
 * at the terminal stop at the full gate-out. Soon: within 3 days, as the dashboard's card.
 */
export function lastFreeDayUrgency(shipment: Pick<OceanShipment, 'freeTime'>): 'none' | 'soon' | 'passed' {
  const { clock, daysLeft } = shipment.freeTime;
  if (clock !== 'demurrage' || daysLeft === null) return 'none';
  if (daysLeft < 0) return 'passed';
  return daysLeft <= LFD_SOON_DAYS ? 'soon' : 'none';
}
