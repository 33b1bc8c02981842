import { paths, type SiteType } from '../../../config/paths';

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

const HISTORY_PATTERN = /^\/shipment-history\/(ocean|ground)\/(tracking-history|shared-history)(\/.*)?$/;

/** The site type a path belongs to, or null for pages shared by both (settings, notifications…). */
export function siteTypeFromPath(pathname: string): SiteType | null {
  const path = normalize(pathname);
  if (
    under(path, '/dashboard/ocean') ||
    under(path, '/shipments/ocean') ||
    under(path, '/new-shipments/ocean') ||
    under(path, '/shipment-history/ocean') ||
    under(path, '/shipment/ocean')
  ) {
    return 'ocean';
  }
  if (
    under(path, '/dashboard/truck/express') ||
    under(path, '/shipments/truck/express') ||
    under(path, '/new-shipments/truck/express') ||
    under(path, '/shipment-history/ground') ||
    under(path, '/shipment/truck/express')
  ) {
    return 'ground';
  }
  return null;
}

const LIST_COUNTERPARTS: ReadonlyArray<readonly [string, string]> = [
  [paths.dashboard.ocean, paths.dashboard.ground],
  [paths.shipments.oceanActive, paths.shipments.groundActive],
  [paths.shipments.oceanArchived, paths.shipments.groundArchived],
  [paths.newShipments.ocean, paths.newShipments.ground],
];

/**
 * Where the site-type switcher goes when the user picks `target` on `pathname` (spec §2, §4):
 * the equivalent page of the other type, or null when the page has no counterpart and only the
 * stored type changes.
 */
export function counterpartPath(pathname: string, target: SiteType): string | null {
  const path = normalize(pathname);
  if (siteTypeFromPath(path) === target) return null;

  for (const [ocean, ground] of LIST_COUNTERPARTS) {
    if (target === 'ground' && path === ocean) return ground;
    if (target === 'ocean' && path === ground) return ocean;
  }
  // Ocean has no not-found tab: its closest page is the active list.
  if (path === paths.shipments.groundNotFound) return paths.shipments.oceanActive;

  const history = HISTORY_PATTERN.exec(path);
  if (history) {
    // A shared-history detail belongs to one shipment of one type, so the switch lands on the list.
    return history[2] === 'tracking-history'
      ? paths.shipmentHistory.tracking(target)
      : paths.shipmentHistory.shared(target);
  }

  // A single shipment has no twin in the other mode: go to that mode's active list.
  if (under(path, '/shipment/ocean') || under(path, '/shipment/truck/express')) {
    return target === 'ocean' ? paths.shipments.oceanActive : paths.shipments.groundActive;
  }
  // /new-shipments/create has no type of its own: it shows the chosen type's form, so it stays.
  return null;
}
