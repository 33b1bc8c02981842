import type { ReasonPart } from '@tracklane/shared/dashboard/dashboard.schema';
import type { ExceptionType } from '@tracklane/shared/exceptions/exceptions.schema';
import type { MapPath, MapPlaceKind } from '@tracklane/shared/tracking/shipment-map.schema';
import type { ComponentType } from 'react';
import { paths } from '../../../config/paths';
import type { DashboardSource } from '../../../lib/dashboard-api';

/** Where an item of a dashboard leads: the numbers of one shipment, as its mode names them. */
export type DashboardLink = Readonly<Record<string, string>>;

interface DashboardItem<Link extends DashboardLink> {
  id: string;
  identifier: string;
  link: Link;
}

/**
 * What every mode's dashboard answers (spec §3): what needs attention, where the shipments are, the
 * status breakdown, arrivals and carriers. A mode's own answer names its shipments by its own link
 * and may add to it (its figures panels read the rest).
 */
export interface DashboardAnswer<Link extends DashboardLink = DashboardLink> {
  attentionVO: {
    rule: string;
    label: string;
    count: number;
    items: (DashboardItem<Link> & { reason: ReasonPart[] })[];
  }[];
  liveMapVO: {
    positions: {
      key: string;
      kind: MapPlaceKind;
      name: string;
      lat: number;
      lon: number;
      count: number;
      items: DashboardItem<Link>[];
    }[];
    legs: { path: MapPath; count: number }[];
  };
  updatedTime: string | null;
  statusBreakdown: { status: string; label: string; count: number }[];
  arrivals: { thisWeek: number; nextWeek: number };
  carriers: { carrier: string; name: string | null; count: number }[];
  /** The mode's exceptions still to work on, in all and by type (the server adds them to every mode's). */
  exceptions?: { active: number; byType: Partial<Record<ExceptionType, number>> };
}

/** Any mode's dashboard, as the view reads it: each item's link is turned into a path by the mode. */
export type AnyDashboard = DashboardAnswer;
type LinkOf<Dashboard extends DashboardAnswer> = Dashboard['attentionVO'][number]['items'][number]['link'];

/**
 * A panel of figures a mode's answer adds (ocean: demurrage and detention): one row of figures per
 * group (a currency), or a line saying there is none.
 */
export interface DashboardFiguresPanel<Dashboard extends DashboardAnswer = DashboardAnswer> {
  title: string;
  /** What the panel says while its answer has no group. */
  empty: string;
  /** What the figures count, said under them. */
  note: string;
  /** Each group's test id. */
  testId: string;
  groups(dashboard: Dashboard): { key: string; figures: { value: string; label: string }[] }[];
}

/**
 * What a tracking mode brings to its dashboard: its answer, its words, where things lead, how a
 * carrier is named. Each mode supplies one (src/modes/<mode>/mode.ts); the dashboard is written once
 * over it. Methods, so that a mode's own answer narrows the shared one.
 */
/** A mode's view of an ETA in a dashboard reason. */
export type EtaReasonComponent = ComponentType<{
  part: Extract<ReasonPart, { kind: 'eta' }>;
  timeZone: string;
}>;

export interface DashboardModeConfig<
  Dashboard extends DashboardAnswer = DashboardAnswer,
> extends DashboardSource<Dashboard> {
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
  /** The panels of figures only this mode's answer has, after the arrivals. */
  figures: readonly DashboardFiguresPanel<Dashboard>[];
  /** A carrier of the carriers panel, as people know it. */
  carrierName(carrier: Dashboard['carriers'][number]): string;
  /** The detail page of one shipment an item links to. */
  itemPath(link: LinkOf<Dashboard>): string;
  /**
   * How an ETA in a reason is shown with its sources and band (ocean: as its list's arrival cell),
   * loaded with the first reason that shows one (a tooltip is not part of the first screen); without
   * it, and until it has loaded, its day alone.
   */
  etaReason?: () => Promise<EtaReasonComponent>;
  /** The exception type an attention rule is raised as, when it is one (its card links to them). */
  exceptionTypes?: Readonly<Partial<Record<Dashboard['attentionVO'][number]['rule'], ExceptionType>>>;
}

/** The detail page of one shipment, in the reader's zone (spec §2: `?timeZone=`). */
export const itemHref = (config: DashboardModeConfig, link: DashboardLink, timeZone: string) =>
  `${config.itemPath(link)}?timeZone=${encodeURIComponent(timeZone)}`;

/** The list of exactly the shipments one attention card counts. */
export const attentionHref = (config: DashboardModeConfig, rule: string) =>
  `${config.listPath}?attention=${encodeURIComponent(rule)}`;

/** The exceptions page narrowed to one type (all types without one). */
export const exceptionsHref = (type?: ExceptionType) =>
  type ? `${paths.exceptions}?type=${encodeURIComponent(type)}` : paths.exceptions;

/** The workspace's shipments of the mode that are not archived (every one has a status group). */
export const shipmentTotal = (dashboard: DashboardAnswer) =>
  dashboard.statusBreakdown.reduce((sum, status) => sum + status.count, 0);
