import { NO_SOURCE_STATE } from '@tracklane/shared/tracking/no-connection';
import type { OceanShipment } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type { ShipmentStatus } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type { StatusLook } from '../../../components/status-badge';

const STATUS: Record<ShipmentStatus, StatusLook> = {
  booked: { label: 'Booked', color: 'gray' },
  empty_picked_up: { label: 'Empty picked up', color: 'gray' },
  at_origin: { label: 'At origin', color: 'indigo' },
  loaded: { label: 'Loaded', color: 'indigo' },
  in_transit: { label: 'In transit', color: 'ocean' },
  arrived: { label: 'Arrived', color: 'teal' },
  discharged: { label: 'Discharged', color: 'teal' },
  delivered: { label: 'Delivered', color: 'green' },
  empty_returned: { label: 'Empty returned', color: 'green' },
};

/**
 * What a shipment's badge says. The tracking state comes first: before the first answer there is no
 * status to show, and a container the carrier does not know has none either.
 */
export function statusLook(shipment: Pick<OceanShipment, 'state' | 'status'>): StatusLook {
  if (shipment.state === 'pending') return { label: 'Fetching', color: 'gray' };
  if (shipment.state === 'not_found') return { label: 'Not found', color: 'orange' };
  if (shipment.state === NO_SOURCE_STATE) return { label: 'No connection', color: 'gray' };
  if (shipment.status) return STATUS[shipment.status];
  return { label: 'No events yet', color: 'gray' };
}

/** The demo badge's tooltip for containers. */
export const OCEAN_DEMO_EXPLANATION = 'realistic voyages, not real containers';

export const isDemo = (shipment: Pick<OceanShipment, 'source'>) => shipment.source === 'demo';

/** Where the data comes from, for people. */
export function sourceLabel(source: string | null): string {
  if (source === 'demo') return 'Demo carrier';
  if (source === 'dcsa') return 'Carrier API (DCSA)';
  return source ?? 'Not checked yet';
}
