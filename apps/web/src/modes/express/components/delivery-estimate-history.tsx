import type { ExpressShipmentDetail } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { EstimateHistory, EstimateSlipSummary } from '../../../components/estimate-history';
import { formatDateTime } from '../../../lib/dates';
import { formatShift, shiftMinutes } from '../../../lib/duration';
import { deliverySlip } from '../utils/delivery-slip';

function SlipSummary({ shipment, timeZone }: { shipment: ExpressShipmentDetail; timeZone: string }) {
  const slip = deliverySlip(shipment);
  if (!slip) return null;
  const minutes = shiftMinutes(slip.first, slip.latest);
  const amount = formatShift(slip.first, slip.latest).slice(1);
  const headline =
    minutes === 0
      ? slip.latestIsActual
        ? 'Delivered as first announced'
        : 'On the first estimate'
      : `${slip.latestIsActual ? 'Delivered' : 'Running'} ${amount} ${minutes > 0 ? 'late' : 'early'}`;
  return (
    <EstimateSlipSummary
      slipped={minutes > 0}
      headline={headline}
      detail={
        <>
          {minutes === 0 ? 'Against' : `${formatShift(slip.first, slip.latest)} against`} the first estimate
          of {formatDateTime(slip.first, timeZone)}
        </>
      }
      data-testid="delivery-slip"
    />
  );
}

/**
 * Every delivery time the carrier announced, newest first, each with when it was announced and how far
 * it moved from the one before; the summary says how far delivery slipped against the first.
 */
export function DeliveryEstimateHistory({
  shipment,
  timeZone,
}: {
  shipment: ExpressShipmentDetail;
  timeZone: string;
}) {
  return (
    <EstimateHistory
      name="estimate-history"
      recordTestId="estimate-record"
      title="Estimated delivery history"
      subtitle="As announced by the carrier"
      records={shipment.estimatedDeliveryHistory.map((record) => ({
        estimate: record.estimatedDelivery,
        recordedAt: record.recordedAt,
      }))}
      empty="No delivery estimate from the carrier yet."
      summary={<SlipSummary shipment={shipment} timeZone={timeZone} />}
      actual={shipment.deliveredAt ? { label: 'Delivered', at: shipment.deliveredAt } : null}
      timeZone={timeZone}
    />
  );
}
