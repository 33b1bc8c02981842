import { paths, type SiteType } from '../../../config/paths';
import type { ModeDefinition } from '../../../modes/mode-definition';
import { MODE_LIST, modeOfSiteType } from '../../../modes/registry';

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

const HISTORY_PATTERN = /^\/shipment-history\/([^/]+)\/(tracking-history|shared-history)(\/.*)?$/;

/** Every path prefix of a mode's pages: its dashboard, lists, new-shipment form, history and details. */
const prefixesOf = (mode: ModeDefinition) => [
  mode.paths.dashboard,
  `/shipments/${mode.segment}`,
  mode.paths.newShipment,
  `/shipment-history/${mode.siteType}`,
  `/shipment/${mode.segment}`,
];

/** The site type a path belongs to, or null for pages shared by both (settings, notifications…). */
export function siteTypeFromPath(pathname: string): SiteType | null {
  const path = normalize(pathname);
  const mode = MODE_LIST.find((candidate) => prefixesOf(candidate).some((prefix) => under(path, prefix)));
  return mode?.siteType ?? null;
}

/** A mode's pages that every mode has a twin of: the dashboard, each list tab, the new-shipment form. */
const pagesOf = (mode: ModeDefinition): Record<string, string> => ({
  dashboard: mode.paths.dashboard,
  ...Object.fromEntries(Object.entries(mode.paths.lists).map(([tab, path]) => [`list:${tab}`, path])),
  newShipment: mode.paths.newShipment,
});

/**
 * Where the site-type switcher goes when the user picks `target` on `pathname` (spec §2, §4):
 * the equivalent page of the other type, or null when the page has no counterpart and only the
 * stored type changes.
 */
export function counterpartPath(pathname: string, target: SiteType): string | null {
  const path = normalize(pathname);
  const source = siteTypeFromPath(path);
  if (source === null || source === target) return null;
  const from = modeOfSiteType(source);
  const to = modeOfSiteType(target);

  const page = Object.entries(pagesOf(from)).find(([, pagePath]) => pagePath === path)?.[0];
  if (page !== undefined) {
    // A tab the other mode lacks (ground's not-found): its closest page is the active list.
    return pagesOf(to)[page] ?? to.paths.lists.active;
  }

  const history = HISTORY_PATTERN.exec(path);
  if (history) {
    // A shared-history detail belongs to one shipment of one type, so the switch lands on the list.
    return history[2] === 'tracking-history'
      ? paths.shipmentHistory.tracking(target)
      : paths.shipmentHistory.shared(target);
  }

  // A single shipment has no twin in the other mode: go to that mode's active list.
  if (under(path, `/shipment/${from.segment}`)) return to.paths.lists.active;
  return null;
}
