import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { ComponentType } from 'react';
import type { SiteType } from '../config/paths';
import type { DashboardModeConfig } from '../features/dashboard/utils/modes';
import type { ShareSet } from '../features/sharing/components/share-dialog';
import type { AnyListDefinition } from '../shipment-list/list-definition';

/** What a mode's list page brings: the list, and its selected rows as the share dialog takes them. */
export interface ModeListPage {
  list: AnyListDefinition;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  shareSet: (rows: any[]) => ShareSet;
}

/**
 * A tracking mode as the web app knows it: its name in code (`mode`, the shared enum), the word its
 * URLs and the site-type switcher use (`siteType`: ocean, ground), its label, its pages' paths, its
 * dashboard. Each mode's folder (src/modes/<mode>/) supplies one in mode.ts; the registry
 * (registry.ts) is the only place that names them all. Light by design: the shell reads it on the
 * first screen; what is large (the list's columns, cells and calls, list.tsx) arrives with the list's
 * page.
 */
export interface ModeDefinition {
  mode: TrackingMode;
  siteType: SiteType;
  /** "Ocean" / "Ground": the switcher's and history's word for the mode. */
  label: string;
  /** The switcher's picture of the mode. */
  Icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: 'true' }>;
  /** The URL segment of its lists and detail pages: /shipments/<segment>/…, /shipment/<segment>/…. */
  segment: string;
  paths: {
    dashboard: string;
    /** The list's tabs and their paths, active first. */
    lists: { readonly active: string; readonly [tab: string]: string };
    newShipment: string;
  };
  dashboard: DashboardModeConfig;
  /** How alert rules (workspace settings) speak of the mode's shipments. */
  alerts: {
    /** The rule form's choice: "Ocean containers". */
    optionLabel: string;
    /** The rule list's badge. */
    badge: { label: string; color: string };
    carriersLabel: string;
    carriersPlaceholder: string;
    /** Rules of the mode may narrow to ports of loading and discharge. */
    ports: boolean;
  };
  /** How the shipment histories (tracking and shared with me) show the mode's shipments. */
  history: {
    /** The identifier column's header: "Container", "Tracking number". */
    identifierHeader: string;
    /** The identifier in words, for its copy button: "container number". */
    identifierWord: string;
    /** The column of the date that matters: "Arrival", "Delivery". */
    arrivalHeader: string;
    searchPlaceholder: string;
    /** What "Shared with me" says while nothing is shared. */
    sharedEmpty: string;
    /** The line under a row's identifier: the bill and carrier, or the carrier. */
    subline: (row: { reference: string; carrierName: string | null }) => string;
    /** A history row's detail page. */
    detailPath: (row: { number: string; reference: string; shipmentId: string }) => string;
  };
}
