import type { BellNotification } from '@tracklane/shared/notifications/notifications.schema';
import { paths } from '../../../config/paths';

export interface NotificationTarget {
  /** The workspace the shipment is opened in: the current one when it follows it, else the first. */
  workspaceId: string;
  href: string;
}

/**
 * Where opening a shipment notification leads (spec §4): the shipment's detail in one of the user's
 * workspaces that follow it, preferring the one the tab shows so no switch is needed. Null when the
 * user follows it in no workspace any more (left it, or the shipment was removed there).
 */
export function notificationTarget(
  notification: BellNotification,
  currentWorkspaceId: string | null,
  timeZone: string,
): NotificationTarget | null {
  const places = notification.workspaces.filter((w) => w.shipmentId !== null);
  const place = places.find((w) => w.workspaceId === currentWorkspaceId) ?? places[0];
  if (!place) return null;
  const change = notification.containerChangeStatus;
  const zone = `?timeZone=${encodeURIComponent(timeZone)}`;
  if (notification.shipmentType === 'ocean') {
    if (!change.containerNo || !change.mblNo) return null;
    return {
      workspaceId: place.workspaceId,
      href: `${paths.shipment.ocean(change.containerNo, change.mblNo)}${zone}`,
    };
  }
  if (!change.expressOrderNo) return null;
  return {
    workspaceId: place.workspaceId,
    href: `${paths.shipment.ground(place.shipmentId!, change.expressOrderNo)}${zone}`,
  };
}

/** The number a person recognises the shipment by: the container (and bill of lading) or the parcel's. */
export function shipmentLabel(notification: BellNotification): { primary: string; secondary: string | null } {
  const change = notification.containerChangeStatus;
  if (notification.shipmentType === 'ocean')
    return { primary: change.containerNo ?? '', secondary: change.mblNo ? `B/L ${change.mblNo}` : null };
  return { primary: change.expressOrderNo ?? '', secondary: null };
}
