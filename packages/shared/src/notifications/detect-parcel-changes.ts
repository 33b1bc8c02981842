import type { DerivedParcel } from '../tracking/express/derived-parcel';
import { PARCEL_STATUS_LABELS, type ParcelPlace } from '../tracking/express/parcel-event';
import { estimateChange } from './detect-shipment-changes';
import type { ChangeRecord } from './notification-types';

const where = (p: ParcelPlace | null) => {
  const name = p?.city ?? p?.name;
  return name ? ` in ${name}${p?.countryCode && p.city ? `, ${p.countryCode}` : ''}` : '';
};

const humanise = (reason: string) => reason.replace(/_/g, ' ');

/**
 * What changed for a parcel between two derived views, as change records (pure), the way
 * {@link detectShipmentChanges} does for containers. The first view is a baseline, not news.
 *
 * - milestone: picked up; out for delivery; available for pickup.
 * - delivered: delivered (keyed by the delivery time, so a later "signed for" scan is not news).
 * - exception: a failed attempt or an exception scan (customs hold, address problem), each scan once.
 * - eta: the estimated delivery moved by an hour or more, or was first given, before delivery.
 * - status: any other change of status.
 */
export function detectParcelChanges(previous: DerivedParcel | null, next: DerivedParcel): ChangeRecord[] {
  if (!previous) return [];
  const changes: ChangeRecord[] = [];
  const at = next.lastEventAt ?? '';

  if (next.pickedUpAt && !previous.pickedUpAt) {
    changes.push({
      type: 'milestone',
      key: `milestone:picked_up:${next.pickedUpAt}`,
      text: `Picked up${where(next.origin)}`,
      data: { subject: 'picked_up', to: next.pickedUpAt },
    });
  }
  if (next.status !== previous.status) {
    switch (next.status) {
      case 'delivered':
        changes.push({
          type: 'delivered',
          key: `delivered:${next.deliveredAt ?? at}`,
          text: `Delivered${where(next.lastLocation)}${next.signedBy ? `, signed by ${next.signedBy}` : ''}`,
          data: { subject: 'delivered', to: next.deliveredAt },
        });
        break;
      case 'out_for_delivery':
      case 'available_for_pickup':
        changes.push({
          type: 'milestone',
          key: `milestone:${next.status}:${at}`,
          text: `${PARCEL_STATUS_LABELS[next.status]}${where(next.lastLocation)}`,
          data: { subject: next.status, to: next.lastEventAt },
        });
        break;
      case 'failed_attempt':
      case 'exception': {
        const reason = next.exceptionReason ?? next.subStatus;
        changes.push({
          type: 'exception',
          key: `exception:${next.status}:${at}`,
          text: `${PARCEL_STATUS_LABELS[next.status]}${reason ? `: ${humanise(reason)}` : ''}${where(next.lastLocation)}`,
          data: { subject: reason ?? next.status, to: next.lastEventAt },
        });
        break;
      }
      default:
        if (!changes.length) {
          changes.push({
            type: 'status',
            key: `status:${next.status}:${at}`,
            text: `Status changed to ${PARCEL_STATUS_LABELS[next.status]}${where(next.lastLocation)}`,
            data: { subject: next.status, from: previous.status, to: next.status },
          });
        }
    }
  }
  if (next.status !== 'delivered') {
    const eta = estimateChange(
      'estimated_delivery',
      'Estimated delivery',
      previous.estimatedDelivery,
      next.estimatedDelivery,
    );
    if (eta) changes.push(eta);
  }
  return changes;
}
