import type { ExpressDashboard, OceanDashboard } from '@tracklane/shared/dashboard/dashboard.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { ComponentType } from 'react';

/** Any mode's dashboard, as the view reads it: each item's link is turned into a path by the mode. */
export type AnyDashboard = OceanDashboard | ExpressDashboard;
export type DashboardItemLink = AnyDashboard['attentionVO'][number]['items'][number]['link'];
type DashboardCarrier = AnyDashboard['carriers'][number];

/**
 * What a tracking mode brings to its dashboard: its words, where things lead, how a carrier is named.
 * Each mode supplies one (src/modes/<mode>/mode.ts); the dashboard is written once over it.
 */
export interface DashboardModeConfig {
  mode: TrackingMode;
  title: string;
  /** "containers" / "parcels". */
  things: string;
  /** The empty dashboard's picture. */
  Icon: ComponentType<{ size?: number; stroke?: number }>;
  /** The shipments' own list, narrowed to an attention rule with `?attention=`. */
  listPath: string;
  newPath: string;
  addLabel: string;
  /** "Arrivals" (ocean: actual, else estimated) / "Deliveries". */
  arrivalsTitle: string;
  /** What the arrivals panel counts, said under it. */
  arrivalsNote: string;
  /** A carrier of the carriers panel, as people know it. */
  carrierName: (carrier: DashboardCarrier) => string;
  /** The detail page of one shipment an item links to. */
  itemPath: (link: DashboardItemLink) => string;
}

/** The detail page of one shipment, in the reader's zone (spec §2: `?timeZone=`). */
export const itemHref = (config: DashboardModeConfig, link: DashboardItemLink, timeZone: string) =>
  `${config.itemPath(link)}?timeZone=${encodeURIComponent(timeZone)}`;

/** The list of exactly the shipments one attention card counts. */
export const attentionHref = (config: DashboardModeConfig, rule: string) =>
  `${config.listPath}?attention=${encodeURIComponent(rule)}`;

/** The workspace's shipments of the mode that are not archived (every one has a status group). */
export const shipmentTotal = (dashboard: AnyDashboard) =>
  dashboard.statusBreakdown.reduce((sum, status) => sum + status.count, 0);
