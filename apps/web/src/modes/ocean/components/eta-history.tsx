import type { OceanTrackingDetail } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { EstimateHistory, EstimateSlipSummary } from '../../../components/estimate-history';
import { formatDateTime } from '../../../lib/dates';
import { formatShift, shiftMinutes } from '../../../lib/duration';
import { etaSlip } from '../utils/journey';

/**
 * Every ETA the carrier announced for the port of discharge, newest first, with when it was announced and
 * how far it moved; the summary says how far arrival slipped against the first estimate.
 */
export function EtaHistory({ shipment, timeZone }: { shipment: OceanTrackingDetail; timeZone: string }) {
  const slip = etaSlip(shipment);
  const pod = shipment.pod ? (shipment.pod.name ?? shipment.pod.locode) : 'the port of discharge';
  const late = slip ? shiftMinutes(slip.first, slip.latest) > 0 : false;

  return (
    <EstimateHistory
      name="eta-history"
      recordTestId="eta-record"
      title="ETA history"
      subtitle={`Arrival at ${pod}, as announced by the carrier`}
      records={shipment.etaHistory.map((record) => ({ estimate: record.eta, recordedAt: record.recordedAt }))}
      empty="No estimate from the carrier yet."
      summary={
        slip ? (
          <EstimateSlipSummary
            slipped={late}
            headline={`${slip.latestIsActual ? 'Arrived' : 'Running'} ${formatShift(slip.first, slip.latest).slice(1)} ${late ? 'late' : 'early'}`}
            detail={
              <>
                {formatShift(slip.first, slip.latest)} against the first ETA of{' '}
                {formatDateTime(slip.first, timeZone)}
              </>
            }
            data-testid="eta-slip-summary"
          />
        ) : null
      }
      actual={shipment.arrivalVO.ata ? { label: 'Actual arrival', at: shipment.arrivalVO.ata } : null}
      timeZone={timeZone}
    />
  );
}
