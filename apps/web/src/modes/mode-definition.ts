import type { CommentMention } from '@tracklane/shared/comments/comments.schema';
import type { BellNotification } from '@tracklane/shared/notifications/notifications.schema';
import type { SearchField, SearchResult } from '@tracklane/shared/search/search.schema';
import type { SharedShipment } from '@tracklane/shared/sharing/sharing.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { StatusLook } from '../components/status-badge';
import type { SiteType } from '../config/paths';
import type { DashboardAnswer, DashboardModeConfig } from '../features/dashboard/utils/modes';
import type { ShareSet } from '../features/sharing/utils/share-set';
import type { LiveShipmentKeys } from '../lib/live-invalidation';
import type { AnyListDefinition } from '../shipment-list/list-definition';

/** A shipment shared with the reader, as the shared shipment page hands it to its mode. */
export interface SharedDetailProps {
  /** The answer: its mode's field (`live.sharedField`) holds the detail. */
  shipment: SharedShipment;
  /** The answer's query, as a detail reads its own. */
  live: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  /** Back to shared history. */
  back: { href: string; label: string };
  timeZone: string;
}

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
export interface ModeDefinition<
  Mode extends string = TrackingMode,
  // `never` when the mode is not known: any mode's definition is then a ModeDefinition (the registry's list).
  Result extends { mode: string } = never,
  // Its dashboard's own answer: what its figures panels and item links read.
  Dashboard extends DashboardAnswer = DashboardAnswer,
> {
  /** The mode's name in code and on the wire (the shared enum, TRACKING_MODES). */
  mode: Mode;
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
  /**
   * Its list's header, as the page and the frame the build paints before it (app/layouts/page-frame)
   * both show it: each tab's title, and what the list holds ("Containers").
   */
  listHeader: { readonly titles: { readonly [tab: string]: string }; readonly things: string };
  /**
   * Its pages, each its own download: the router gives them the mode's paths (the lists' tabs,
   * `paths.newShipment`, `detailRoute`).
   */
  pages: {
    /** The route of its detail page, with the parameters the page reads. */
    detailRoute: string;
    detail: () => Promise<ComponentType>;
    newShipment: () => Promise<ComponentType>;
    list: () => Promise<ComponentType<{ tab: string }>>;
    /**
     * The module `list` loads, from the web app's root (src/modes/ocean/ocean-list-page.tsx): the
     * build prerenders the frames of the list's tabs with its chunk preloaded (src/prerender.tsx).
     */
    listEntry: string;
    /** What the list page's first render asks the server for, with the address's filters (its route's loader). */
    prefetchList: (
      queryClient: QueryClient,
      props: { tab: string },
      search: URLSearchParams,
    ) => Promise<unknown>;
    /** A shipment of the mode shared with the reader, drawn read-only (the shared shipment page). */
    sharedDetail: () => Promise<ComponentType<SharedDetailProps>>;
  };
  dashboard: DashboardModeConfig<Dashboard>;
  /**
   * How the welcome (a workspace that follows nothing yet) speaks of the mode: its title and intro
   * name every mode's shipments (features/dashboard/components/welcome.tsx), its line says what one adds.
   */
  welcome: {
    /** What one adds, by what: "Ocean: a container number with its bill of lading." */
    line: string;
    Icon: ComponentType<{ size?: number }>;
    /** One of its shipments, in the title ("Every container and parcel in one place"). */
    thing: string;
    /** Its shipments, in the intro ("Tracklane follows your ocean containers and …"). */
    things: string;
    /** What of them needs a look, in the intro's examples ("a last free day coming up"). */
    needsALook: readonly string[];
  };
  /** Where its answers name its shipments, for the live updates' invalidation (lib/live-invalidation). */
  live: LiveShipmentKeys;
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
  /** How a search result of the mode reads in the top bar's search (spec §4 search). */
  search: ModeSearch<Result>;
  /** The shipment a bell notification is about: where it opens and the number it goes by. */
  notification: {
    /** Its detail page in the workspace where it has `shipmentId`; null when the change lacks its numbers. */
    detailPath(change: NotificationChange, shipmentId: string): string | null;
    label(change: NotificationChange): { primary: string; secondary: string | null };
  };
  /** The shipment a comment mention is on. */
  mention: {
    /** Its detail page; null when the shipment left the workspace. */
    detailPath(mention: CommentMention): string | null;
    number(mention: CommentMention): string;
  };
  /** A public share link's page (no sign-in): how it names the mode and its shipments. */
  publicShare: {
    /** "Shared ocean shipments" */
    word: string;
    /** Above each shipment's number: "Container", "Parcel". */
    thing: string;
    /** The line under the number. */
    subline(shipment: { reference: string; carrierName: string | null }): string;
    /** The column of the date that matters: "Arrival", "Delivery". */
    arrivalHeader: string;
  };
}

/** A product mode's search result: what its `search` reads. */
export type SearchResultOf<Mode extends TrackingMode> = Extract<SearchResult, { mode: Mode }>;

/** The fields of a bell notification's change that name its shipment. */
export type NotificationChange = BellNotification['containerChangeStatus'];

/** A search result's look: methods, so that a mode's own result type narrows the shared one. */
export interface ModeSearch<Result extends { mode: string }> {
  Icon: ComponentType<{ size?: number; stroke?: number }>;
  /** The number a person knows the shipment by, and the search field that matches it. */
  number(result: Result): string;
  numberField: SearchField;
  /** The words after the number: the mode's word, then its reference (highlighted when matched) or carrier. */
  detail(result: Result): {
    word: string;
    reference: { label: string; value: string; field: SearchField } | null;
    carrier: string | null;
  };
  /** Its status badge, as the mode's lists show it. */
  status(result: Result): StatusLook;
  detailPath(result: Result): string;
}
