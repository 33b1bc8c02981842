import type { BellNotification } from '@tracklane/shared/notifications/notifications.schema';
import { modeOf } from '../../../modes/registry';

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
  const path = modeOf(notification.shipmentType)?.notification.detailPath(
    notification.containerChangeStatus,
    place.shipmentId!,
  );
  if (!path) return null;
  return { workspaceId: place.workspaceId, href: `${path}?timeZone=${encodeURIComponent(timeZone)}` };
}

/** The number a person recognises the shipment by: the container (and bill of lading) or the parcel's. */
export function shipmentLabel(notification: BellNotification): { primary: string; secondary: string | null } {
  return (
    modeOf(notification.shipmentType)?.notification.label(notification.containerChangeStatus) ?? {
      primary: '',
      secondary: null,
    }
  );
}
