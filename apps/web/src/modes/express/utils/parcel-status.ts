import { NO_SOURCE_STATE } from '@tracklane/shared/tracking/no-connection';
import { PARCEL_STATUS_LABELS, type ParcelStatus } from '@tracklane/shared/tracking/express/parcel-event';
import type { ExpressShipment } from '@tracklane/shared/tracking/express/express-shipments.schema';
import type { StatusLook } from '../../../components/status-badge';

const STATUS_COLOR: Record<ParcelStatus, string> = {
  pending: 'gray',
  info_received: 'indigo',
  in_transit: 'ocean',
  out_for_delivery: 'cyan',
  failed_attempt: 'orange',
  available_for_pickup: 'teal',
  delivered: 'green',
  exception: 'red',
  expired: 'gray',
};

/**
 * What a parcel's badge says. The tracking state comes first: before the first answer there is no
 * status to show, and a number the carrier does not know has none either.
 */
export function parcelStatusLook(shipment: Pick<ExpressShipment, 'state' | 'status'>): StatusLook {
  if (shipment.state === 'pending') return { label: 'Fetching', color: 'gray' };
  if (shipment.state === 'not_found') return { label: 'Not found', color: 'orange' };
  if (shipment.state === NO_SOURCE_STATE) return { label: 'No connection', color: 'gray' };
  if (shipment.status)
    return { label: PARCEL_STATUS_LABELS[shipment.status], color: STATUS_COLOR[shipment.status] };
  return { label: 'No events yet', color: 'gray' };
}

/** "customs_hold" → "Customs hold": sub-statuses are codes, shown as words. */
export function subStatusLabel(subStatus: string): string {
  const words = subStatus.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const CODE = /^[a-z0-9]+(?:[_-][a-z0-9]+)+$/i;

/**
 * A carrier's reason as people read it: codes ("address_issue") become words, text stays as written.
 * Null when it only repeats the sub-status shown beside it.
 */
export function reasonText(reason: string | null, subStatus: string | null): string | null {
  if (!reason?.trim()) return null;
  const text = CODE.test(reason) ? subStatusLabel(reason) : reason.trim();
  return subStatus && text.toLowerCase() === subStatusLabel(subStatus).toLowerCase() ? null : text;
}

/** The demo badge's tooltip for parcels. */
export const EXPRESS_DEMO_EXPLANATION = 'realistic journeys, not real parcels';

export const isDemo = (shipment: Pick<ExpressShipment, 'source'>) => shipment.source === 'demo';

/** Where the data comes from, for people. */
export function sourceLabel(source: string | null): string {
  if (source === 'demo') return 'Demo parcel carrier';
  if (source === 'karrio') return 'Carrier API (Karrio)';
  return source ?? 'Not checked yet';
}
