import type { OceanShipment } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { paths } from '../../../config/paths';

/** The detail page of a shipment, with the reader's zone as spec §2 writes it (?timeZone=…). */
export const oceanDetailHref = (shipment: Pick<OceanShipment, 'containerNo' | 'mblNo'>, timeZone: string) =>
  `${paths.shipment.ocean(shipment.containerNo, shipment.mblNo)}?timeZone=${encodeURIComponent(timeZone)}`;

/** The active list showing only the containers found on one followed bill (ADR 0037). */
export const billListHref = (billId: string) =>
  `${paths.shipments.oceanActive}?bill=${encodeURIComponent(billId)}`;
