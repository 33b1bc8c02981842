import { isDeepStrictEqual } from 'node:util';
import type { Logger } from 'pino';
import type { TrackingEvent } from '@tracklane/shared/tracking/tracking-event';
import type { OceanAnswer, OceanProvider, OceanQuery } from '../provider';
import {
  describeDcsaIssues,
  parseDcsaEvents,
  type DcsaEquipmentEvent,
  type DcsaEvent,
  type DcsaTransportEvent,
} from './dcsa-schema';

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_PAGES = 20;
/** 2.2's default and the page size carriers are tested with. */
const PAGE_SIZE = 100;

export interface DcsaProviderOptions {
  /** The carrier this connection answers for; named in errors and logs. */
  scac: string;
  /** The carrier's DCSA T&T 2.2 `GET /v2/events` endpoint. */
  eventsUrl: string;
  /** Sent with every request: they carry the API key, so they are never logged. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Per request, body included. */
  timeoutMs?: number;
  maxPages?: number;
  logger: Pick<Logger, 'warn'>;
}

/**
 * A carrier's DCSA Track & Trace 2.2 API as a tracking provider. Every page of an answer is validated
 * before any event is returned, so a partly broken answer stores nothing; anything that is not a clear
 * "found" or "not found" throws, so the caller keeps what it has and retries later.
 */
export function createDcsaProvider(options: DcsaProviderOptions): OceanProvider {
  // Built once, so that a malformed header fails at start-up rather than on every poll.
  const headers = new Headers({ accept: 'application/json' });
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return {
    source: 'dcsa',
    track: (query, now) => trackContainer({ ...options, headers }, query, now),
  };
}

type Connection = Omit<DcsaProviderOptions, 'headers'> & { headers: Headers };

async function trackContainer(connection: Connection, query: OceanQuery, now: Date): Promise<OceanAnswer> {
  const { scac, logger } = connection;
  const maxPages = connection.maxPages ?? DEFAULT_MAX_PAGES;
  const fail = (reason: string, cause?: unknown) => new Error(`DCSA ${scac}: ${reason}`, { cause });
  const refuse = (page: number, reason: string) => {
    logger.warn({ carrier: scac, page, reason }, 'DCSA answer refused: not valid Track & Trace 2.2');
    return fail(`the carrier's answer is not valid DCSA Track & Trace 2.2 (page ${String(page)}: ${reason})`);
  };

  const firstUrl = new URL(connection.eventsUrl);
  firstUrl.searchParams.set('equipmentReference', query.containerNo);
  if (query.mblNo) firstUrl.searchParams.set('transportDocumentReference', query.mblNo);
  firstUrl.searchParams.set('limit', String(PAGE_SIZE));

  const byId = new Map<string, DcsaEvent>();
  const visited = new Set<string>();
  let url: URL | null = firstUrl;
  for (let page = 1; url; page++) {
    if (page > maxPages) throw fail(`the answer runs to more than ${String(maxPages)} pages`);
    visited.add(url.href);
    const response = await get(connection, url, fail);

    if (response.status === 404 && page === 1) return { status: 'not_found' };
    if (response.status === 401 || response.status === 403)
      throw fail(
        `the carrier connection's credentials were refused (HTTP ${String(response.status)}); check the API key in DCSA_CARRIERS`,
      );
    if (response.status === 429) throw fail('the carrier is rate-limiting us (HTTP 429)');
    if (response.status >= 300 && response.status < 400)
      throw fail(`the carrier redirects elsewhere (HTTP ${String(response.status)}); update eventsUrl`);
    if (response.status !== 200) throw fail(`the carrier answered HTTP ${String(response.status)}`);

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
      throw fail('the carrier links its next page to another site; our API key is not sent there');
    if (url && visited.has(url.href)) throw fail('the carrier links back to a page it already sent');
  }

  if (byId.size === 0) return { status: 'not_found' };
  const events: TrackingEvent[] = [];
  for (const event of byId.values()) {
    const mapped = toTrackingEvent(event, query.containerNo);
    if (mapped) events.push(mapped);
  }
  return { status: 'found', events };
}

interface Page {
  status: number;
  text: string;
  nextPage: string | null;
}

async function get(
  connection: Connection,
  url: URL,
  fail: (reason: string, cause?: unknown) => Error,
): Promise<Page> {
  const timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    const response = await (connection.fetch ?? fetch)(url, {
      headers: connection.headers,
      // A redirect could carry the API key to another host; the URL in the configuration is fixed instead.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return { status: response.status, text: '', nextPage: null };
    }
    return { status: 200, text: await response.text(), nextPage: response.headers.get('next-page') };
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError')
      throw fail(`the carrier did not answer within ${String(timeoutMs)} ms`, err);
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
    throw fail(`the carrier could not be reached (${cause})`, err);
  }
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
