import { isDeepStrictEqual } from 'node:util';
import type { Logger } from 'pino';
import type { ErrorClass } from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { checkContainerNumber } from '@tracklane/shared/validation/container-number';
import type { BillAnswer, BillQuery, OceanAnswer, OceanProvider, OceanQuery } from '../provider';
import { CarrierRateLimitedError, DcsaError } from './dcsa-errors';
import { toTrackingEvent } from './dcsa-events';
import { getWithCredentials, nextPageUrl } from './dcsa-http';
import { describeDcsaIssues, parseDcsaEvents, type DcsaEvent } from './dcsa-schema';

// The errors, the HTTP and the event mapping live in modules of their own; callers import them from here.
export { CarrierRateLimitedError, DcsaError } from './dcsa-errors';
export { toTrackingEvent } from './dcsa-events';
export {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_RATE_LIMIT_BACKOFF_MS,
  DEFAULT_TIMEOUT_MS,
  getWithCredentials,
  nextPageUrl,
  readBody,
  retryAfter,
  type CredentialedConnection,
  type Page,
} from './dcsa-http';

export const DEFAULT_MAX_PAGES = 20;
/**
 * What DCSA events are recorded as coming from, polled or pushed alike: an event's identity is (item,
 * source, eventID), so the same event by either way is stored once.
 */
export const DCSA_SOURCE = 'dcsa';
/** 2.2's default and the page size carriers are tested with. */
const PAGE_SIZE = 100;

/**
 * Where the credentials of each request come from: asked before every request (an OAuth2 token may
 * have been renewed meanwhile). `renew` is called once when the carrier answers 401 to credentials
 * it was given, with the headers that were refused; the request is then made once more.
 */
export interface HeaderSource {
  headers(): Promise<Record<string, string>>;
  renew?(refused: Record<string, string>): Promise<void>;
}

export interface DcsaProviderOptions {
  /** The carrier this connection answers for; named in errors and logs. */
  scac: string;
  /** The carrier's DCSA T&T 2.2 `GET /v2/events` endpoint. */
  eventsUrl: string;
  /** Sent with every request: they carry the API key, so they are never logged. */
  headers?: Record<string, string>;
  /** Credentials asked for per request instead of fixed `headers` (an organization's connection). */
  auth?: HeaderSource;
  /** What to check when the carrier refuses the credentials (ends the error message). */
  credentialsHint?: string;
  fetch?: typeof fetch;
  /** Per request, body included. */
  timeoutMs?: number;
  maxPages?: number;
  /** A page whose body is larger is refused as soon as it passes this (never buffered whole). */
  maxBodyBytes?: number;
  logger: Pick<Logger, 'warn'>;
}

/** What to ask the carrier for: any of 2.2's three references. */
export interface DcsaFilters {
  equipmentReference?: string;
  transportDocumentReference?: string;
  carrierBookingReference?: string;
}

export type DcsaFetchResult = { status: 'found'; events: DcsaEvent[] } | { status: 'not_found' };

/**
 * A carrier's DCSA Track & Trace 2.2 API as a tracking provider. Every page of an answer is validated
 * before any event is returned, so a partly broken answer stores nothing; anything that is not a clear
 * "found" or "not found" throws, so the caller keeps what it has and retries later.
 */
export function createDcsaProvider(options: DcsaProviderOptions): OceanProvider {
  const connection = dcsaConnection(options);
  return {
    source: DCSA_SOURCE,
    track: (query, now) => trackDcsaContainer(connection, query, now),
    bill: (query, now) => trackDcsaBill(connection, query, now),
  };
}

/**
 * The connection a provider and "Test connection" use: fixed headers are checked here, once, so that a
 * malformed one fails at start-up rather than on every poll.
 */
export function dcsaConnection(options: DcsaProviderOptions): Connection {
  const fixed = new Headers({ accept: 'application/json' });
  for (const [name, value] of Object.entries(options.headers ?? {})) fixed.set(name, value);
  return { ...options, fixed };
}

/** One container's milestones (on its bill of lading, when known), as the tracking engine takes them. */
export async function trackDcsaContainer(
  connection: Connection,
  query: OceanQuery,
  now: Date,
): Promise<OceanAnswer> {
  const reference = !query.mblNo
    ? {}
    : query.referenceKind === 'booking'
      ? { carrierBookingReference: query.mblNo }
      : { transportDocumentReference: query.mblNo };
  const answer = await fetchDcsaEvents(
    connection,
    { equipmentReference: query.containerNo, ...reference },
    now,
  );
  if (answer.status === 'not_found') return answer;
  const events: TrackingEvent[] = [];
  for (const event of answer.events) {
    const mapped = toTrackingEvent(event, query.containerNo);
    if (mapped) events.push(mapped);
  }
  return { status: 'found', events };
}

/**
 * Which containers travel on a bill of lading or booking (ADR 0037): asked by
 * transportDocumentReference or carrierBookingReference, the containers are the equipment references
 * its equipment events name (well-formed ISO 6346 numbers only, in the order of their first event), the
 * bill of lading is the one its events' document references (or a shipment event about a transport
 * document) name, and it is loaded once an actual load or departure is among them.
 */
export async function trackDcsaBill(
  connection: Connection,
  query: BillQuery,
  now: Date,
): Promise<BillAnswer> {
  const answer = await fetchDcsaEvents(
    connection,
    query.kind === 'booking'
      ? { carrierBookingReference: query.reference }
      : { transportDocumentReference: query.reference },
    now,
  );
  if (answer.status === 'not_found') return answer;
  return billOfEvents(answer.events, query);
}

/** What a bill's events say about it (see {@link trackDcsaBill}). */
export function billOfEvents(events: readonly DcsaEvent[], query: Pick<BillQuery, 'kind'>): BillAnswer {
  const ordered = [...events].sort(
    (a, b) => Date.parse(a.eventDateTime) - Date.parse(b.eventDateTime) || a.eventID.localeCompare(b.eventID),
  );
  const containers: string[] = [];
  let transportDocumentReference: string | null = null;
  let loaded = false;
  for (const event of ordered) {
    if (event.eventType === 'EQUIPMENT' && event.equipmentReference) {
      const container = checkContainerNumber(event.equipmentReference);
      if (container.valid && !containers.includes(container.value)) containers.push(container.value);
    }
    if (event.eventClassifierCode === 'ACT')
      if (
        (event.eventType === 'EQUIPMENT' && event.equipmentEventTypeCode === 'LOAD') ||
        (event.eventType === 'TRANSPORT' && event.transportEventTypeCode === 'DEPA')
      )
        loaded = true;
    if (query.kind === 'booking') {
      const named =
        event.eventType === 'SHIPMENT' && event.documentTypeCode === 'TRD'
          ? event.documentID
          : event.documentReferences?.find((r) => r.documentReferenceType === 'TRD')?.documentReferenceValue;
      const bill = named?.toUpperCase().replace(/[^A-Z0-9]/g, '');
      if (bill && bill.length >= 4 && bill.length <= 35) transportDocumentReference = bill;
    }
  }
  return { status: 'found', containers, transportDocumentReference, loaded };
}

export type Connection = DcsaProviderOptions & { fixed: Headers };

/**
 * Every validated event the carrier has for the filters, pages followed; `not_found` for none. Throws a
 * {@link DcsaError} (or {@link CarrierRateLimitedError}) for anything else.
 */
export async function fetchDcsaEvents(
  connection: Connection,
  filters: DcsaFilters,
  now: Date,
): Promise<DcsaFetchResult> {
  const { scac, logger } = connection;
  const maxPages = connection.maxPages ?? DEFAULT_MAX_PAGES;
  const fail = (reason: string, errorClass: ErrorClass, cause?: unknown) =>
    new DcsaError(`DCSA ${scac}: ${reason}`, errorClass, { cause });
  const refuse = (page: number, reason: string) => {
    logger.warn({ carrier: scac, page, reason }, 'DCSA answer refused: not valid Track & Trace 2.2');
    return fail(
      `the carrier's answer is not valid DCSA Track & Trace 2.2 (page ${String(page)}: ${reason})`,
      'not_dcsa',
    );
  };

  const firstUrl = new URL(connection.eventsUrl);
  for (const [name, value] of Object.entries(filters))
    if (typeof value === 'string' && value) firstUrl.searchParams.set(name, value);
  firstUrl.searchParams.set('limit', String(PAGE_SIZE));

  const byId = new Map<string, DcsaEvent>();
  const visited = new Set<string>();
  let url: URL | null = firstUrl;
  for (let page = 1; url; page++) {
    if (page > maxPages) throw fail(`the answer runs to more than ${String(maxPages)} pages`, 'not_dcsa');
    visited.add(url.href);
    const response = await getWithCredentials(connection, url, fail, refuse.bind(null, page), now);

    if (response.status === 404 && page === 1) return { status: 'not_found' };
    if (response.status === 401 || response.status === 403)
      throw fail(
        `the carrier connection's credentials were refused (HTTP ${String(response.status)}); ${
          connection.credentialsHint ?? 'check the API key in DCSA_CARRIERS'
        }`,
        response.status === 401 ? 'wrong_credentials' : 'not_allowed',
      );
    if (response.status === 429)
      throw new CarrierRateLimitedError(
        `DCSA ${scac}: the carrier is rate-limiting us (HTTP 429); asking again after ${response.retryAt.toISOString()}`,
        response.retryAt,
      );
    if (response.status >= 300 && response.status < 400)
      throw fail(
        `the carrier redirects elsewhere (HTTP ${String(response.status)}); update eventsUrl`,
        'unreachable',
      );
    if (response.status !== 200)
      throw fail(`the carrier answered HTTP ${String(response.status)}`, 'unreachable');

    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      throw refuse(page, 'the body is not JSON');
    }
    const parsed = parseDcsaEvents(body, now);
    if (!parsed.success) throw refuse(page, describeDcsaIssues(parsed.error));
    for (const event of parsed.data) {
      const earlier = byId.get(event.eventID);
      // A page boundary that shifted between requests repeats an event; a different one under the same
      // id means the carrier's data cannot be trusted.
      if (earlier && !isDeepStrictEqual(earlier, event))
        throw refuse(page, `eventID ${event.eventID} already came with different content`);
      byId.set(event.eventID, event);
    }

    const link = response.nextPage;
    url = link ? nextPageUrl(link, firstUrl, url) : null;
    if (url && url.origin !== firstUrl.origin)
      throw fail(
        'the carrier links its next page to another site; our API key is not sent there',
        'not_dcsa',
      );
    if (url && visited.has(url.href))
      throw fail('the carrier links back to a page it already sent', 'not_dcsa');
  }

  return byId.size === 0 ? { status: 'not_found' } : { status: 'found', events: [...byId.values()] };
}
