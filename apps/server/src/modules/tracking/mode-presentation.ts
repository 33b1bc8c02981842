import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { SearchTerms } from '@tracklane/shared/search/search-query';
import type { SearchResult } from '@tracklane/shared/search/search.schema';
import type { PublicShipment } from '@tracklane/shared/sharing/sharing.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import type { ShipmentReader } from '../shipment-favorites/shipment-favorites.service';

/** A subscription as the API answers with it, with the workspace and item it belongs to. */
export interface ApiShipmentRow {
  workspaceId: string;
  itemId: string;
  /** The subscription's id (the workspace's shipment). */
  shipmentId: string;
  shipment: Record<string, unknown>;
}

/**
 * The number fields a row naming a shipment carries on the wire (notifications, mentions): every mode
 * fills its own, the others stay null.
 */
export interface ShipmentRowNumbers {
  containerNo: string | null;
  mblNo: string | null;
  expressOrderId: string | null;
  expressOrderNo: string | null;
}

/** A tracked item's numbers as stored on tracked_items, with the subscription's id in a workspace. */
export interface ItemNumbers {
  trackingNo: string;
  reference: string;
  /** The workspace's subscription, when the row names one. */
  shipmentId: string | null;
}

/** A search hit's mode-specific part, from the columns every mode's hit has. */
export interface SearchHit {
  id: string;
  number: string;
  reference: string;
  carrier: string;
  status: string | null;
}

/** What every mode's search result has. */
export type SearchResultCommon = Pick<
  SearchResult,
  'shipmentId' | 'workspace' | 'organization' | 'state' | 'archived' | 'tags' | 'createdAt' | 'match'
>;

/** A search result of a mode: the common fields, its `mode`, and its own numbers. */
export type ModeSearchResult = SearchResultCommon & { mode: TrackingMode } & Record<string, unknown>;

/**
 * How a share request's selection names a mode's shipments, as the share looks them up: by number
 * and reference (the history columns), or by id with its number to match.
 */
export type SelectionKeys =
  | { by: 'numbers'; keys: { number: string; reference: string }[] }
  | { by: 'id'; keys: { id: string; number: string }[] };

/**
 * spec §3 Shared/invited shipment selection of a mode: the fields a share request names its
 * shipments by (the route's schema is built from every mode's), and the keys they give.
 */
export interface ShareSelection<S extends z.ZodObject = z.ZodObject> {
  schema: S;
  keys(shipments: z.infer<S>[]): SelectionKeys;
}

/** The columns the tracking history reads of a mode's subscriptions, and its number search. */
export interface HistoryColumns {
  number: PgColumn;
  reference: PgColumn;
  carrier: PgColumn;
  /** The shipment's status as the list shows it. */
  status: PgColumn;
  /** When the shipment arrived (was delivered), null until it has. */
  arrivedAt: PgColumn;
  /** When it is expected to arrive until it has. */
  expectedAt: PgColumn;
  /** Matches the (upper-cased, LIKE-escaped) pattern against the mode's numbers. */
  search(pattern: string): SQL | undefined;
}

/**
 * How a shipment of a mode is presented outside its own pages: in webhook payloads, mail, the share
 * views, search, notifications and mentions. These features are written once over it and look it up
 * by the mode a row names (`modePresentation`, src/modes.ts), so a further mode brings its own and
 * changes none.
 */
export interface ModePresentation {
  /** The site segment of the web's URLs for the mode (`/shipment-history/<site>/…`). */
  site: string;
  /** What one shipment of the mode is called in prose ("ocean shipment"). */
  noun: string;
  /** The shipment's numbers on one line of a mail. */
  numberLine(item: { trackingNo: string; reference: string }): string;
  /** The carrier's name for a stored carrier code, or null when the code is unknown. */
  carrierName(carrier: string): string | null;
  /** The subscriptions matching `where` (over `table` joined to tracked_items) as the API's shipments. */
  apiShipments(db: Database, where: SQL): Promise<ApiShipmentRow[]>;
  /** Whether webhook events carry the item's carrier events (DCSA-shaped endpoints receive them). */
  carrierEventsInWebhooks: boolean;
  /** The mode's own number fields of a notification or mention row. */
  rowNumbers(item: ItemNumbers): Partial<ShipmentRowNumbers>;
  /**
   * The search's branches over the mode's subscriptions in the workspace `w.id`, each index-answered
   * and limited (search-branches.ts); a mode without them is not searched.
   */
  searchBranches?(terms: SearchTerms): SQL[];
  /** A search hit of the mode as the search answers with it. */
  searchResult(common: SearchResultCommon, hit: SearchHit): ModeSearchResult;
  /**
   * The schema of {@link searchResult}'s answer (`mode` its literal name, the shared
   * searchResultFields and its own numbers): the search answer's union is built of every mode's.
   */
  searchResultSchema: z.ZodObject;
  /** How a share request names the mode's shipments. */
  shareSelection: ShareSelection;
  /** The tracking history's columns of the mode's subscriptions. */
  historyColumns(): HistoryColumns;
  /**
   * A shipment shared with someone, as the shared detail carries it under the mode's name: read on
   * nobody's behalf, with what belongs to the sharer's workspace blanked.
   */
  sharedDetail(db: Database, reader: ShipmentReader, shipmentId: string): Promise<object>;
  /** The schema of {@link sharedDetail}'s answer: the shared detail's field named by the mode. */
  sharedDetailSchema: z.ZodType;
  /** A shipment under a public link, built field by field. */
  publicView(db: Database, reader: ShipmentReader, shipmentId: string, now: Date): Promise<PublicShipment>;
}

const NO_NUMBERS: ShipmentRowNumbers = {
  containerNo: null,
  mblNo: null,
  expressOrderId: null,
  expressOrderNo: null,
};

/** Every number field of a row, the mode's own filled in. */
export const rowNumbersOf = (presentation: ModePresentation, item: ItemNumbers): ShipmentRowNumbers => ({
  ...NO_NUMBERS,
  ...presentation.rowNumbers(item),
});
