import type { ExpressDashboard, OceanDashboard } from '@tracklane/shared/dashboard/dashboard.schema';
import { paths } from '../../../config/paths';
import type { DashboardMode } from '../../../lib/dashboard-api';

/** Any mode's dashboard, as the view reads it: each item's link is turned into a path by the mode. */
export type AnyDashboard = OceanDashboard | ExpressDashboard;
type Link = AnyDashboard['attentionVO'][number]['items'][number]['link'];

/** What differs between the ocean and the express dashboard: words, and where things lead. */
export interface DashboardModeConfig {
  mode: DashboardMode;
  title: string;
  /** "containers" / "parcels". */
  things: string;
  /** The shipments' own list, narrowed to an attention rule with `?attention=`. */
  listPath: string;
  newPath: string;
  addLabel: string;
  /** "Arrivals" (ocean: actual, else estimated) / "Deliveries". */
  arrivalsTitle: string;
}

export const DASHBOARD_MODES: Record<DashboardMode, DashboardModeConfig> = {
  ocean: {
    mode: 'ocean',
    title: 'Ocean dashboard',
    things: 'containers',
    listPath: paths.shipments.oceanActive,
    newPath: paths.newShipments.ocean,
    addLabel: 'Add a container',
    arrivalsTitle: 'Arrivals',
  },
  express: {
    mode: 'express',
    title: 'Ground dashboard',
    things: 'parcels',
    listPath: paths.shipments.groundActive,
    newPath: paths.newShipments.ground,
    addLabel: 'Add a parcel',
    arrivalsTitle: 'Deliveries',
  },
};

/** The detail page of one shipment, in the reader's zone (spec §2: `?timeZone=`). */
export const itemHref = (link: Link, timeZone: string) =>
  `${
    'containerNo' in link
      ? paths.shipment.ocean(link.containerNo, link.mblNo)
      : paths.shipment.ground(link.expressOrderId, link.expressOrderNo)
  }?timeZone=${encodeURIComponent(timeZone)}`;

/** The list of exactly the shipments one attention card counts. */
export const attentionHref = (config: DashboardModeConfig, rule: string) =>
  `${config.listPath}?attention=${encodeURIComponent(rule)}`;

/** The workspace's shipments of the mode that are not archived (every one has a status group). */
export const shipmentTotal = (dashboard: AnyDashboard) =>
  dashboard.statusBreakdown.reduce((sum, status) => sum + status.count, 0);
