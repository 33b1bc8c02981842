import type { DerivedShipment } from '../derive-shipment';
import { measureEta, type EtaMeasurement } from './eta-accuracy';

/**
 * The carrier's ETAs of an ocean shipment measured against its actual arrival at the port of
 * discharge, or null while it has not arrived. The ETA history holds every distinct ETA the carrier
 * gave for that port, each with when it was published.
 */
export function measureCarrierEta(
  derived: Pick<DerivedShipment, 'arrivalVO' | 'etaHistory' | 'rolls'>,
): EtaMeasurement | null {
  const arrived = derived.arrivalVO.ata;
  if (!arrived) return null;
  const history = derived.etaHistory.map((record) => ({ eta: record.eta, issuedAt: record.recordedAt }));
  return measureEta(history, arrived, derived.rolls.length);
}
