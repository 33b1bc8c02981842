import { canCreateShipments, canViewShipments } from '@tracklane/shared/organizations/organizations.policy';
import { paths, type SiteType } from '../../../config/paths';
import { RELIABILITY_PAGE_PATH } from '../../../lib/reliability';
import { modeOfSiteType } from '../../../modes/registry';

export type MenuItemKey =
  'dashboard' | 'shipment-list' | 'exceptions' | 'reliability' | 'new-shipment' | 'shipment-history';

export interface MenuItem {
  key: MenuItemKey;
  label: string;
  href: string;
  /** Paths under which the item shows as the current page. */
  activePrefixes: readonly string[];
}

/*
 * shipmentPermission (spec §6), judged by the shared policy the server enforces too. null means "no
 * organization known yet" (first load, before the organizations arrive): every item shows.
 */
export function canViewShipmentList(shipmentPermission: number | null): boolean {
  return shipmentPermission === null || canViewShipments(shipmentPermission);
}

export function canCreateShipment(shipmentPermission: number | null): boolean {
  return shipmentPermission === null || canCreateShipments(shipmentPermission);
}

/** The sidebar menu for a site type and permission, in display order (spec §2). */
export function getMenuItems(siteType: SiteType, shipmentPermission: number | null): MenuItem[] {
  const mode = modeOfSiteType(siteType);
  const items: MenuItem[] = [
    {
      key: 'dashboard',
      label: 'Dashboard',
      href: mode.paths.dashboard,
      activePrefixes: [mode.paths.dashboard],
    },
  ];
  if (canViewShipmentList(shipmentPermission)) {
    items.push({
      key: 'shipment-list',
      label: 'Shipment List',
      href: mode.paths.lists.active,
      activePrefixes: [`/shipments/${mode.segment}`, `/shipment/${mode.segment}`],
    });
    // Exceptions of both modes, as one work list.
    items.push({
      key: 'exceptions',
      label: 'Exceptions',
      href: paths.exceptions,
      activePrefixes: [paths.exceptions],
    });
    // Carriers' and lanes' reliability over the workspace's arrived containers (ocean only).
    if (siteType === 'ocean')
      items.push({
        key: 'reliability',
        label: 'Reliability',
        href: RELIABILITY_PAGE_PATH,
        activePrefixes: [RELIABILITY_PAGE_PATH],
      });
  }
  if (canCreateShipment(shipmentPermission)) {
    items.push({
      key: 'new-shipment',
      label: 'New Shipment',
      href: mode.paths.newShipment,
      activePrefixes: [mode.paths.newShipment, paths.newShipments.create],
    });
  }
  items.push({
    key: 'shipment-history',
    label: 'Shipment History',
    href: paths.shipmentHistory.tracking(siteType),
    activePrefixes: [`/shipment-history/${siteType}`],
  });
  return items;
}

export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  return item.activePrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
