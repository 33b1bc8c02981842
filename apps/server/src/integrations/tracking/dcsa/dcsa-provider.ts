import { isDeepStrictEqual } from 'node:util';
import type { Logger } from 'pino';
import type { ErrorClass } from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import type { TrackingEvent } from '@tracklane/shared/tracking/tracking-event';
import { checkContainerNumber } from '@tracklane/shared/validation/container-number';
import {
  ProviderDeferredError,
  type BillAnswer,
  type BillQuery,
  type OceanAnswer,
  type OceanProvider,
  type OceanQuery,
} from '../provider';
import {
  describeDcsaIssues,
  parseDcsaEvents,
  type DcsaEquipmentEvent,
  type DcsaEvent,
  type DcsaTransportEvent,
} from './dcsa-schema';

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_PAGES = 20;
/** A page of 100 events is some 100 KB; anything near this is not an answer we can use. */
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
/** How long a 429 without Retry-After keeps the carrier from being asked again. */
export const DEFAULT_RATE_LIMIT_BACKOFF_MS = 60_000;
/** A Retry-After further away than this is taken as this (a day): the item is not forgotten. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
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

/**
 * A DCSA call that failed, with the class the health view and "Test connection" show. The message
 * never contains a credential.
 */
export class DcsaError extends Error {
  override name = 'DcsaError';
  constructor(
    message: string,
    readonly errorClass: ErrorClass,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The carrier answered 429: asked again once its Retry-After (or our backoff) has passed. */
export class CarrierRateLimitedError extends ProviderDeferredError {
  readonly errorClass = 'rate_limited' as const;
  constructor(message: string, retryAt: Date) {
    super(message, retryAt);
    this.name = 'CarrierRateLimitedError';
  }
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
    const response = await get(connection, url, fail, refuse.bind(null, page), now);

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

export interface Page {
  status: number;
  text: string;
  nextPage: string | null;
  /** For a 429: when the carrier may be asked again. */
  retryAt: Date;
}

/**
 * What a GET with a connection's credentials needs of it: a DCSA connection, or any other kind's (a
 * terminal's) that speaks HTTP with the same credentials, budgets and limits.
 */
export type CredentialedConnection = Pick<
  Connection,
  'fixed' | 'auth' | 'fetch' | 'timeoutMs' | 'maxBodyBytes'
>;

/**
 * One GET with the connection's credentials: a 401 to credentials it was given renews them once and
 * asks once more; a body past the connection's limit is refused unread; a 429 carries its Retry-After.
 */
export async function getWithCredentials(
  connection: CredentialedConnection,
  url: URL,
  fail: (reason: string, errorClass: ErrorClass, cause?: unknown) => Error,
  refuse: (reason: string) => Error,
  now: Date,
): Promise<Page> {
  return get(connection, url, fail, refuse, now);
}

async function get(
  connection: CredentialedConnection,
  url: URL,
  fail: (reason: string, errorClass: ErrorClass, cause?: unknown) => Error,
  refuse: (reason: string) => Error,
  now: Date,
): Promise<Page> {
  const first = await getOnce(connection, url, fail, refuse, now);
  if (first.page.status !== 401 || !connection.auth?.renew) return first.page;
  // A token the carrier revoked or expired early: one fresh one, one more try.
  await connection.auth.renew(first.sent);
  return (await getOnce(connection, url, fail, refuse, now)).page;
}

async function getOnce(
  connection: CredentialedConnection,
  url: URL,
  fail: (reason: string, errorClass: ErrorClass, cause?: unknown) => Error,
  refuse: (reason: string) => Error,
  now: Date,
): Promise<{ page: Page; sent: Record<string, string> }> {
  const timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const sent = connection.auth ? await connection.auth.headers() : {};
  const headers = new Headers(connection.fixed);
  for (const [name, value] of Object.entries(sent)) headers.set(name, value);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await (connection.fetch ?? fetch)(url, {
      headers,
      // A redirect could carry the API key to another host; the URL in the configuration is fixed instead.
      redirect: 'manual',
      signal,
    });
    const retryAt = retryAfter(response.headers.get('retry-after'), now);
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      return { page: { status: response.status, text: '', nextPage: null, retryAt }, sent };
    }
    const text = await readCapped(response, connection.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, refuse);
    return { page: { status: 200, text, nextPage: response.headers.get('next-page'), retryAt }, sent };
  } catch (err) {
    if (err instanceof DcsaError) throw err;
    if (signal.aborted || (err instanceof Error && err.name === 'TimeoutError'))
      throw fail(`the carrier did not answer within ${String(timeoutMs)} ms`, 'unreachable', err);
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
    throw fail(`the carrier could not be reached (${cause})`, 'unreachable', err);
  }
}

/** The body as text, refused (and the rest never read) once it passes `maxBytes`. */
async function readCapped(
  response: Response,
  maxBytes: number,
  refuse: (reason: string) => Error,
): Promise<string> {
  const tooLarge = () => refuse(`the body is larger than ${String(Math.round(maxBytes / 1024))} KiB`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const text = await readBody(response, maxBytes);
  if (text === null) throw tooLarge();
  return text;
}

/** A response body as text, or null (and the rest left unread) once it passes `maxBytes`. */
export async function readBody(response: Response, maxBytes: number): Promise<string | null> {
  if (!response.body) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * When a 429 lets us ask again: Retry-After as seconds or as an HTTP date, else a minute; never in the
 * past, never more than a day away.
 */
export function retryAfter(header: string | null, now: Date): Date {
  const value = header?.trim() ?? '';
  let wait = DEFAULT_RATE_LIMIT_BACKOFF_MS;
  if (/^\d+$/.test(value)) wait = Number(value) * 1000;
  else if (value && !Number.isNaN(Date.parse(value))) wait = Date.parse(value) - now.getTime();
  return new Date(now.getTime() + Math.min(Math.max(wait, 1000), MAX_RETRY_AFTER_MS));
}

/**
 * Next-Page is "a link to the next page". Servers send an absolute URL, a relative one, or (as in the
 * 2.2 spec's own example) only the cursor, which then goes into the `cursor` parameter of the first
 * request. A cursor is base64, which never contains "?", while a relative link always needs one.
 */
export function nextPageUrl(link: string, firstUrl: URL, currentUrl: URL): URL {
  const value = link.trim();
  if (URL.canParse(value) || value.includes('?')) return new URL(value, currentUrl);
  const url = new URL(firstUrl);
  url.searchParams.set('cursor', value);
  return url;
}

/** Container numbers are compared without the spaces and dashes some systems print them with. */
const sameEquipment = (a: string, b: string) =>
  a.replace(/[^A-Za-z0-9]/g, '').toUpperCase() === b.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

const utc = (iso: string) => new Date(iso).toISOString();

/**
 * One DCSA event as a container milestone (shared/reference/dcsa/README.md), or null when it is not one:
 * shipment (document) events, requested times, and equipment events of other containers on the bill.
 */
export function toTrackingEvent(event: DcsaEvent, containerNo: string): TrackingEvent | null {
  if (event.eventType === 'SHIPMENT' || event.eventClassifierCode === 'REQ') return null;
  const common = {
    eventId: event.eventID,
    classifier: event.eventClassifierCode,
    eventTime: utc(event.eventDateTime),
    createdAt: utc(event.eventCreatedDateTime),
  };
  if (event.eventType === 'TRANSPORT')
    return {
      ...common,
      ...callDetails(event.transportCall, event.transportEventTypeCode === 'ARRI'),
      eventType: 'TRANSPORT',
      typeCode: event.transportEventTypeCode,
      emptyIndicator: null,
    };
  if (event.equipmentReference && !sameEquipment(event.equipmentReference, containerNo)) return null;
  return {
    ...common,
    ...equipmentPlace(event),
    eventType: 'EQUIPMENT',
    typeCode: event.equipmentEventTypeCode,
    emptyIndicator: event.emptyIndicatorCode,
  };
}

type Call = DcsaTransportEvent['transportCall'];
type Place = Pick<
  TrackingEvent,
  'locationCode' | 'locationName' | 'vesselName' | 'vesselImo' | 'voyage' | 'transportCallSequence'
>;

/** Where and on which vessel and voyage: arrivals and discharges belong to the import voyage. */
function callDetails(call: Call | null | undefined, inbound: boolean): Place {
  const voyage = inbound
    ? (call?.importVoyageNumber ?? call?.exportVoyageNumber)
    : (call?.exportVoyageNumber ?? call?.importVoyageNumber);
  return {
    locationCode: call?.UNLocationCode ?? call?.location?.UNLocationCode ?? null,
    locationName: call?.location?.locationName ?? null,
    vesselName: call?.vessel?.vesselName ?? null,
    vesselImo: call?.vessel?.vesselIMONumber ?? null,
    voyage: voyage ?? call?.carrierVoyageNumber ?? null,
    transportCallSequence: call?.transportCallSequenceNumber ?? null,
  };
}

/** An equipment event happens at its eventLocation (a depot, say); its transport call is the context. */
function equipmentPlace(event: DcsaEquipmentEvent): Place {
  const call = callDetails(event.transportCall, event.equipmentEventTypeCode === 'DISC');
  const here = event.eventLocation;
  // A name without a code (or the call's name beside the event's own code) could describe another place.
  if (!here?.UNLocationCode) return call;
  return { ...call, locationCode: here.UNLocationCode, locationName: here.locationName ?? null };
}
