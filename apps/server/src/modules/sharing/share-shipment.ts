import type { ShipmentShareRow } from '../../db/schema/sharing';

/** The sharer's shipment a share names, whichever mode's column holds it. */
export function shareShipmentId(
  share: Pick<ShipmentShareRow, 'oceanShipmentId' | 'expressShipmentId'>,
): string {
  const id = share.oceanShipmentId ?? share.expressShipmentId;
  if (!id) throw new Error('A share names no shipment');
  return id;
}
