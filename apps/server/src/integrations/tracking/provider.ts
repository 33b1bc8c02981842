import type { ParcelEvent, ParcelFacts } from '@tracklane/shared/tracking/express/parcel-event';
import type { TerminalFacts } from '@tracklane/shared/terminal-availability/terminal-availability';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import type { Database } from '../../db/client';

/**
 * What a provider answers. `facts` are what it knows besides events (a last free day, a parcel's
 * service and addresses); a value it does not give is left as we had it.
 */
export type ProviderAnswer<E, F> =
  { status: 'found'; events: E[]; facts?: Partial<F> } | { status: 'not_found' };

/**
 * Where carrier data comes from. A provider answers `not_found` when the carrier does not know the
 * item, and throws for anything temporary (outage, timeout, bad payload) so the caller retries later
 * without touching what it already stored.
 */
export interface TrackingProvider<Q, E, F> {
  /** Recorded with every event and shown to users ("demo" data is labelled as such). */
  readonly source: string;
  track(query: Q, now: Date): Promise<ProviderAnswer<E, F>>;
}

export interface OceanQuery {
  containerNo: string;
  /** The container's bill of lading, or its booking number when `referenceKind` is `booking`. */
  mblNo: string;
  /** What `mblNo` is (ADR 0037); a bill of lading when left out. */
  referenceKind?: 'bl' | 'booking';
  carrierScac: string;
  /** When Tracklane started following this container (the demo carrier anchors voyages on it). */
  trackingStartedAt: Date;
}
export interface OceanFacts {
  lastFreeDay: string | null;
}

/** A bill of lading or a carrier booking, asked which containers travel on it (ADR 0037). */
export interface BillQuery {
  kind: 'bl' | 'booking';
  /** Normalised: upper case letters and digits. */
  reference: string;
  carrierScac: string;
  /** When Tracklane started following the bill (the demo carrier anchors its containers on it). */
  trackingStartedAt: Date;
}

/**
 * What a carrier says about a bill: the containers it names (ISO 6346 numbers, normalised, each once),
 * the bill of lading a booking's answer names (null when none, or when asked by bill of lading), and
 * whether its containers are loaded (an actual load or departure: no container joins a bill after it).
 */
export type BillAnswer =
  | { status: 'found'; containers: string[]; transportDocumentReference: string | null; loaded: boolean }
  | { status: 'not_found' };

/**
 * An ocean data source. `bill` answers for bills of lading and bookings alone; a source without it
 * cannot follow them (the engine records that as the bill's error).
 */
export interface OceanProvider extends TrackingProvider<OceanQuery, TrackingEvent, OceanFacts> {
  bill?(query: BillQuery, now: Date): Promise<BillAnswer>;
}

export interface ExpressQuery {
  /** Normalised: upper case, no spaces or dashes. */
  trackingNo: string;
  /** Our carrier code (PARCEL_CARRIERS), which is also Karrio's carrier_name. */
  carrier: string;
  /** When Tracklane started following this parcel (the demo carrier anchors journeys on it). */
  trackingStartedAt: Date;
}
export type ExpressProvider = TrackingProvider<ExpressQuery, ParcelEvent, ParcelFacts>;

export type OceanAnswer = ProviderAnswer<TrackingEvent, OceanFacts>;
export type ExpressAnswer = ProviderAnswer<ParcelEvent, ParcelFacts>;

/**
 * Thrown by a provider that must not be asked now (its call budget is spent, or the carrier said
 * `Retry-After`): the item is asked again at `retryAt`, and it is not counted as a failure.
 */
export class ProviderDeferredError extends Error {
  constructor(
    message: string,
    readonly retryAt: Date,
  ) {
    super(message);
    this.name = 'ProviderDeferredError';
  }
}

/**
 * A terminal's import availability API (ADR 0039): asked about containers at one of its facilities,
 * several at a time; it answers each container it knows (those it leaves out it does not know). Throws
 * like a carrier provider for anything temporary or malformed, so nothing of the answer is kept.
 */
export interface TerminalProvider {
  /** Recorded with what it answers ("apmt"). */
  readonly source: string;
  /** The most containers one call may name. */
  readonly batchSize: number;
  availability(
    facility: string,
    containerNos: readonly string[],
    now: Date,
  ): Promise<Map<string, TerminalFacts>>;
}

/** An organization's enabled terminal connection: which terminals it asks about, and how. */
export interface TerminalConnection {
  organizationId: string;
  connectionId: string;
  /** UN/LOCODEs of its facilities: containers whose port of discharge is one of them are asked about. */
  terminals: readonly string[];
  provider: TerminalProvider;
}

/** The carrier connections organizations set up with their own credentials, as providers. */
export interface OrganizationConnections {
  /**
   * The provider of the organization's enabled connection for this carrier, or null when it has none;
   * read through `db` when the caller is in a transaction.
   */
  oceanProvider(organizationId: string, carrierScac: string, db?: Database): Promise<OceanProvider | null>;
  /** The enabled terminal connections of these organizations (none when the installation has none). */
  terminalConnections?(organizationIds: readonly string[]): Promise<TerminalConnection[]>;
}
