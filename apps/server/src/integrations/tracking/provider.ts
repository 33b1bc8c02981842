import type { ParcelEvent, ParcelFacts } from '@tracklane/shared/express/parcel-event';
import type { TerminalFacts } from '@tracklane/shared/terminal-availability/terminal-availability';
import type { TrackingEvent } from '@tracklane/shared/tracking/tracking-event';

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
  mblNo: string;
  carrierScac: string;
  /** When Tracklane started following this container (the demo carrier anchors voyages on it). */
  trackingStartedAt: Date;
}
export interface OceanFacts {
  lastFreeDay: string | null;
}
export type OceanProvider = TrackingProvider<OceanQuery, TrackingEvent, OceanFacts>;

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
  /** The provider of the organization's enabled connection for this carrier, or null when it has none. */
  oceanProvider(organizationId: string, carrierScac: string): Promise<OceanProvider | null>;
  /** The enabled terminal connections of these organizations (none when the installation has none). */
  terminalConnections?(organizationIds: readonly string[]): Promise<TerminalConnection[]>;
}
