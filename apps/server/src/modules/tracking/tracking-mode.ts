import type { BuildColumns, SQL } from 'drizzle-orm';
import type { PgTableWithColumns } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  AlertCondition,
  AlertConditionKind,
  AlertFilters,
} from '@tracklane/shared/alerts/alerts.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { ChangeRecord } from '@tracklane/shared/notifications/notification-types';
import type { subscriptionColumns, trackedItems, TrackingState } from '../../db/schema/tracking';
import type { AppContext } from '../../app-context';
import type { Database, DatabaseHandle } from '../../db/client';
import type { Transaction } from '../../lib/transaction';
import type { TrackingProvider } from '../../integrations/tracking/provider';
import type { ItemScope, ModeSources } from '../../integrations/tracking/sources';
import type { Finding } from '../exceptions/exception-rules';
import type { ModePresentation } from './mode-presentation';

export type { ItemScope, ModeSources } from '../../integrations/tracking/sources';

export type TrackedItem = typeof trackedItems.$inferSelect;

/** What every mode's events have: the engine stores these as columns, the rest as `data`. */
export interface ModeEvent {
  eventId: string;
  classifier: string;
  /** ISO 8601. */
  eventTime: string;
  /** ISO 8601. */
  createdAt: string;
}

/**
 * A mode of transport as the one tracking engine sees it. The engine does the rest the same way for
 * every mode: claiming due items, asking the provider, storing new events once, backing off on
 * failures, the not-found window, storing changes and notifying followers, and writing the item and
 * its subscriptions in one transaction.
 */
export interface TrackingModeDefinition<
  Q = unknown,
  E extends ModeEvent = ModeEvent,
  F = unknown,
  D = unknown,
> {
  mode: TrackingMode;
  /** Which scope a shipment follows, and which provider answers for an item (ADR 0035). */
  sources: ModeSources<TrackingProvider<Q, E, F>>;
  /** What the provider is asked about an item. */
  query(item: TrackedItem): Q;
  /** The derived view from every stored event and the item's facts: one pure function. */
  derive(events: E[], facts: Partial<F>): D;
  /**
   * When to ask again, or that the journey is over (schedule.ts). `pushed`: the carrier pushes the
   * item's events, so it is asked only as a safety net.
   */
  nextCheck(
    derived: D,
    changedAt: Date,
    now: Date,
    options?: { pushed?: boolean },
  ): { at: Date | null; completed: boolean };
  /**
   * What changed between two derived views, as change records (pure; the first view, with no
   * previous one, is a baseline). The engine stores each record once and notifies the followers.
   */
  detectChanges(previous: D | null, next: D): ChangeRecord[];
  /** The mode's form of a carrier code (ocean: an upper-case SCAC; express: a lower-case code). */
  carrierCode(carrier: string): string;
  /**
   * What the mode follows besides items (ocean: bills of lading and bookings followed alone, ADR
   * 0037), moved along with its items when an organization's data sources change (rescope.service.ts).
   */
  others?: {
    /** SELECT organization_id, carrier of each one that is not over. */
    followed: SQL;
    /** Moves an organization's of one carrier onto `target`'s scope; answers how many moved. */
    rescope(
      t: Transaction,
      ctx: Pick<AppContext, 'pool' | 'tracking' | 'jobs'>,
      organizationId: string,
      carrier: string,
      target: ItemScope,
    ): Promise<number>;
  };
  /** The columns every subscription copies from its item for lists (pure; the engine writes them). */
  listColumns(derived: D | null, state: TrackingState): Record<string, unknown>;
  /**
   * Subscription columns that depend on each workspace and not only on the item (ocean: the free-time
   * clocks, on each workspace's terms), written right after the list columns of these items.
   */
  afterCopy?(db: Database, itemIds: readonly string[]): Promise<void>;
  /**
   * Sources besides the carrier that an organization connected for these items (ocean: terminals,
   * ADR 0039), asked once the carrier's answers about the items just refreshed are stored, and stored
   * on their own (that organization's alone). Never throws: the carrier's data is stored already.
   */
  afterRefresh?(
    database: Pick<DatabaseHandle, 'db' | 'pool'>,
    itemIds: readonly string[],
    now: Date,
  ): Promise<void>;
  /**
   * What the features outside the engine are written over (archive, favourites, counts, tags, alerts,
   * the dashboard, and how a shipment is presented), with the mode's subscription table.
   */
  features: ModeFeatures;
}

/**
 * A mode's subscriptions: who follows an item. Every such table is built from the same subscription
 * columns (id, workspace, item, archived, tags, created), and adds the list columns its lists sort and
 * filter on; the features written over every mode read only the common ones.
 */
export type SubscriptionTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  dialect: 'pg';
  columns: BuildColumns<string, ReturnType<typeof subscriptionColumns>, 'pg'>;
}>;

// ---------------------------------------------------------------------------------------------------
// The features (archive, favourites, tab counts, tags, alerts, the dashboard, and the presentation in
// webhooks, mail, sharing, search, notifications and comments) are written once over these parts of a
// mode; they need no provider, so they are registered by the mode's name (src/modes.ts) and a feature
// looks them up from a rule's, a route's or a row's mode.

/** An alert condition as SQL over the mode's subscriptions joined to tracked_items, and its mark. */
export interface ModeAlertCondition {
  where: SQL;
  /** Tells occurrences apart while the condition holds throughout ('' when one episode is one alert). */
  mark: SQL<string>;
}

/** A mode's alerts: the conditions it can watch and the filters its rules narrow them with. */
export interface ModeAlerts {
  /** The conditions a rule of the mode may watch (the routes refuse any other). */
  conditions: readonly AlertConditionKind[];
  /** The condition over the mode's subscriptions, or null when the mode has no such condition. */
  condition(condition: AlertCondition, now: Date): ModeAlertCondition | null;
  /** A rule's filters of the mode's own columns (carriers, ports); tags and favourites are common. */
  filters(filters: AlertFilters): SQL | undefined;
}

/** A mode's dashboard: what the route answers and says of itself, and how a workspace's is built. */
export interface ModeDashboard {
  summary: string;
  schema: z.ZodObject;
  build: (db: Database, workspaceId: string, now: Date) => Promise<object>;
}

/**
 * How the routes written once over every mode (tags, favourites) name the mode's shipments, in the
 * spec's words: the path segment, the id's name, the OpenAPI tag.
 */
export interface ModeRoutes {
  /** `/api/shipments/<segment>/…`. */
  segment: string;
  /** The name of a shipment's id in a path (`:shipmentOverallId`). */
  idParam: string;
  /** The OpenAPI tag of the mode's shipment routes. */
  tag: string;
  /** One shipment and several in a summary ("an ocean shipment", "ocean shipments"). */
  one: string;
  many: string;
  /** The body of POST …/favorite: the ids (under the mode's field name) and `favorite`. */
  favoriteRequest: z.ZodType<{ favorite: boolean }>;
  /** The ids of such a body. */
  favoriteIds(body: { favorite: boolean }): string[];
}

/** Which shipments to look at: the subscriptions of some items (a refresh), or every one (a sweep). */
export type ExceptionScope = { itemIds: readonly string[] } | { all: true };

/** A subscription and the exceptions its mode's rules find on it (exception-rules.ts). */
export interface ExceptionSubject {
  subscriptionId: string;
  workspaceId: string;
  itemId: string;
  findings: Finding[];
}

/** What the features need of a mode. */
export interface ModeFeatures<Counts extends object = object> {
  mode: TrackingMode;
  /** The mode's subscription table: who follows an item, for list copies and notifications. */
  table: SubscriptionTable;
  /** The counts of the list's tabs, as every list answer and an archive move carry them. */
  countTabs: (db: Database, workspaceId: string) => Promise<Counts>;
  alerts: ModeAlerts;
  /** The mode's dashboard (GET /api/dashboard/{mode}): its attention rules and panels. */
  dashboard: ModeDashboard;
  /** How a shipment of the mode is presented outside its own pages. */
  presentation: ModePresentation;
  /** How the routes written over every mode name its shipments. */
  routes: ModeRoutes;
  /**
   * The arrival (or delivery) a derived view names, as ISO 8601 text from the jsonb `derived`: due
   * items nearest to it are asked first.
   */
  arrivalInView: (derived: SQL) => SQL;
  /**
   * The mode's exception rules over the scope's non-archived subscriptions; a mode without any raises
   * no exceptions.
   */
  exceptions?: (tx: Database, scope: ExceptionScope, now: Date) => Promise<ExceptionSubject[]>;
}

/** Every mode, keyed by its name; the engine picks an item's mode by `tracked_items.mode`. */
export type TrackingModes = { [M in TrackingMode]: TrackingModeDefinition };

/** A mode's definition typed for its own code, stored beside the others. */
export function defineMode<Q, E extends ModeEvent, F, D>(
  definition: TrackingModeDefinition<Q, E, F, D>,
): TrackingModeDefinition {
  return definition;
}
