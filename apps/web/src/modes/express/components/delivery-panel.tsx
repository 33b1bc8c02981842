import { Text } from '@mantine/core';
import type { ExpressShipmentDetail } from '@tracklane/shared/tracking/express/express-shipments.schema';
import type { ReactNode } from 'react';
import detail from '../../../components/detail-page.module.css';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/dates';
import { parcelStatusLook, reasonText, subStatusLabel } from '../utils/parcel-status';
import classes from './express-shipment-detail.module.css';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={classes.deliveryRow} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const missing = <span className={classes.timeMissing}>-</span>;

/**
 * Where delivery stands: the status with the carrier's finer reason and text, the delivery (or its
 * latest estimate, outlined), who signed, when it was picked up, and how many attempts failed.
 */
export function DeliveryPanel({ shipment, timeZone }: { shipment: ExpressShipmentDetail; timeZone: string }) {
  const reason = reasonText(shipment.exceptionReason, shipment.subStatus);
  // The carrier's text often just says the status again ("Delivered").
  const carrierText =
    shipment.statusText &&
    shipment.statusText.toLowerCase() !== parcelStatusLook(shipment).label.toLowerCase()
      ? shipment.statusText
      : null;
  return (
    <section className={detail.sideCard} aria-labelledby="delivery-title" data-testid="delivery-panel">
      <Text id="delivery-title" size="sm" fw={650} mb="sm">
        Delivery
      </Text>
      <div className={classes.statusLine}>
        <StatusBadge look={parcelStatusLook(shipment)} pending={shipment.state === 'pending'} />
        {shipment.subStatus ? (
          <Text span size="sm" c="gray.8" data-testid="sub-status">
            {subStatusLabel(shipment.subStatus)}
          </Text>
        ) : null}
      </div>
      {carrierText ? (
        <Text size="xs" c="dimmed" mt={4}>
          {carrierText}
        </Text>
      ) : null}
      {reason ? (
        <Text size="sm" c="red.8" mt="xs" data-testid="exception-reason">
          Reason: {reason}
        </Text>
      ) : null}
      <dl className={classes.deliveryList}>
        {shipment.deliveredAt ? (
          <Row label="Delivered" testId="delivered-at">
            <span className={detail.timeActual}>{formatDateTime(shipment.deliveredAt, timeZone)}</span>
          </Row>
        ) : (
          <Row label="Estimated delivery" testId="estimated-delivery">
            {shipment.estimatedDelivery ? (
              <span className={detail.timeEstimate}>
                EST: {formatDateTime(shipment.estimatedDelivery, timeZone)}
              </span>
            ) : (
              missing
            )}
          </Row>
        )}
        <Row label="Signed by">{shipment.signedBy ?? missing}</Row>
        <Row label="Picked up">
          {shipment.pickedUpAt ? (
            <span className={detail.timeActual}>{formatDateTime(shipment.pickedUpAt, timeZone)}</span>
          ) : (
            missing
          )}
        </Row>
        <Row label="Failed attempts" testId="failed-attempts">
          <span className={classes.tabular}>{shipment.failedAttempts}</span>
        </Row>
      </dl>
    </section>
  );
}
