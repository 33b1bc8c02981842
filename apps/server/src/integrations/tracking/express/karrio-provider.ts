import { createHash } from 'node:crypto';
import {
  estimatedDeliveryEvent,
  type ParcelEvent,
  type ParcelFacts,
  type ParcelPlace,
} from '@tracklane/shared/tracking/express/parcel-event';
import type { ExpressAnswer, ExpressProvider, ExpressQuery } from '../provider';
import {
  KARRIO_STATUS_MAP,
  karrioErrorSchema,
  karrioEventTime,
  karrioTrackerSchema,
  type KarrioTracker,
} from './karrio-schema';

export const DEFAULT_TIMEOUT_MS = 20_000;

export interface KarrioProviderOptions {
  /** The Karrio server's base address, e.g. https://karrio.example.com (its API lives under /v1). */
  url: string;
  /** A Karrio API key; sent as `Authorization: Token <key>` and never logged. */
  apiKey: string;
  fetch?: typeof fetch;
  /** Per request, body included. */
  timeoutMs?: number;
}

/**
 * Karrio's 424 means "the carrier answered with errors": an unknown number, but also a carrier outage
 * or a broken carrier connection. Only messages that say the number is unknown are "not found"; the
 * rest are temporary as far as we can tell, so we retry instead of telling users the parcel does not exist.
 */
const NOT_FOUND =
  /not[\s_-]?found|no (tracking )?(information|info|data|record|result)|invalid tracking|unknown tracking|does not exist/i;

/**
 * Parcels tracked through a Karrio server (the open-source multi-carrier shipping API), source 'karrio'.
 * `POST /v1/trackers` creates the tracker or returns the existing one, refreshed from the carrier, so one
 * request per poll is all it takes; it answers one tracker, never a paginated list. The whole answer is
 * validated before anything is returned, so a broken answer stores nothing; anything that is not a clear
 * "found" or "not found" throws, so the caller keeps what it has and retries later.
 */
export function createKarrioProvider(options: KarrioProviderOptions): ExpressProvider {
  const endpoint = new URL('v1/trackers', options.url.endsWith('/') ? options.url : `${options.url}/`);
  return {
    source: 'karrio',
    track: (query, now) => trackParcel(options, endpoint, query, now),
  };
}

async function trackParcel(
  options: KarrioProviderOptions,
  endpoint: URL,
  query: ExpressQuery,
  now: Date,
): Promise<ExpressAnswer> {
  const fail = (reason: string, cause?: unknown) =>
    new Error(`Karrio (${query.carrier} ${query.trackingNo}): ${reason}`, { cause });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  let status: number;
  let text: string;
  try {
    const response = await (options.fetch ?? fetch)(endpoint, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Token ${options.apiKey}`,
      },
      body: JSON.stringify({ tracking_number: query.trackingNo, carrier_name: query.carrier }),
      // A redirect could carry the API key to another host; KARRIO_URL is fixed instead.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError')
      throw fail(`Karrio did not answer within ${String(timeoutMs)} ms`, err);
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err);
    throw fail(`Karrio could not be reached (${cause})`, err);
  }

  if (status === 401 || status === 403)
    throw fail(`Karrio refused our API key (HTTP ${String(status)}); check KARRIO_API_KEY`);
  if (status === 404) return { status: 'not_found' };
  if (status === 424) {
    const messages = errorMessages(text);
    if (messages.some((m) => NOT_FOUND.test(m))) return { status: 'not_found' };
    throw fail(`the carrier answered Karrio with errors: ${messages.join('; ') || 'no message'}`);
  }
  if (status === 429) throw fail('Karrio is rate-limiting us (HTTP 429)');
  if (status >= 300 && status < 400)
    throw fail(`Karrio redirects elsewhere (HTTP ${String(status)}); check KARRIO_URL`);
  if (status !== 200 && status !== 201 && status !== 202) {
    const messages = errorMessages(text);
    throw fail(`Karrio answered HTTP ${String(status)}${messages.length ? `: ${messages.join('; ')}` : ''}`);
  }

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw fail('the answer is not JSON');
  }
  const parsed = karrioTrackerSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail(`the answer is not a Karrio tracker (${issue.path.join('.') || 'body'}: ${issue.message})`);
  }
  const tracker = parsed.data;
  const normalise = (n: string) => n.replace(/[\s-]/g, '').toUpperCase();
  if (normalise(tracker.tracking_number) !== normalise(query.trackingNo))
    throw fail(`the answer is for another tracking number (${tracker.tracking_number})`);
  return { status: 'found', events: toParcelEvents(tracker, now, fail), facts: toFacts(tracker) };
}

function errorMessages(text: string): string[] {
  try {
    const parsed = karrioErrorSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return [];
    return [...(parsed.data.messages ?? []), ...(parsed.data.errors ?? [])]
      .map((m) => [m.code, m.message].filter(Boolean).join(': '))
      .filter(Boolean);
  } catch {
    return [];
  }
}

const hash = (value: string) => createHash('sha1').update(value).digest('hex').slice(0, 20);

/**
 * Karrio's events as ours. Karrio sends them newest first and without ids, so an id is derived from
 * what identifies a scan (its time, code and text): the same scan gets the same id on every poll.
 * An event without a status of its own (older Karrio) takes the tracker's status when it is the latest,
 * and "in transit" otherwise.
 */
export function toParcelEvents(
  tracker: KarrioTracker,
  now: Date,
  fail: (reason: string) => Error = (reason) => new Error(reason),
): ParcelEvent[] {
  const raw = tracker.events ?? [];
  const timed = raw.map((event, index) => {
    const eventTime = karrioEventTime(event);
    if (!eventTime)
      throw fail(
        `the answer is not a Karrio tracker (events.${String(index)}: no readable date/time/timestamp)`,
      );
    return { event, eventTime };
  });
  const latestAt = timed.reduce((max, e) => (e.eventTime > max ? e.eventTime : max), '');
  const events = new Map<string, ParcelEvent>();
  for (const { event, eventTime } of timed) {
    const karrioStatus = event.status || (eventTime === latestAt ? tracker.status : null);
    const mapped = karrioStatus
      ? KARRIO_STATUS_MAP[karrioStatus]
      : { status: 'in_transit' as const, subStatus: null };
    const description = event.description?.trim() ?? '';
    const eventId = `karrio:${hash(`${eventTime}|${event.code ?? ''}|${description}`)}`;
    // The same scan listed twice (carriers repeat them) is one event.
    if (events.has(eventId)) continue;
    events.set(eventId, {
      eventId,
      classifier: 'ACT',
      status: mapped.status,
      subStatus: mapped.subStatus,
      carrierCode: event.code || null,
      description: description || (event.code ?? ''),
      exceptionReason: event.reason || null,
      location: placeOf(event.location, event.latitude, event.longitude),
      eventTime,
      // Karrio does not say when the carrier published a scan; it happened at eventTime.
      createdAt: eventTime,
    });
  }
  const estimate = tracker.estimated_delivery?.trim();
  if (estimate) {
    const eventTime = karrioEventTime(
      /^\d{4}-\d{2}-\d{2}$/.test(estimate) ? { date: estimate } : { timestamp: estimate },
    );
    if (!eventTime) throw fail(`the answer is not a Karrio tracker (estimated_delivery: ${estimate})`);
    // Announced when we first learn it: the first copy of an id is kept, so a later poll does not move it.
    events.set(`edd:${estimate}`, estimatedDeliveryEvent(`edd:${estimate}`, eventTime, now.toISOString()));
  }
  return [...events.values()];
}

function placeOf(
  name: string | null | undefined,
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): ParcelPlace | null {
  const text = name?.trim() || null;
  if (!text && latitude == null) return null;
  return {
    name: text,
    city: null,
    countryCode: null,
    latitude: latitude ?? null,
    longitude: longitude ?? null,
  };
}

function countryPlace(
  country: string | null | undefined,
  postalCode: string | null | undefined,
): ParcelPlace | null {
  const code = country?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code)) return null;
  const postal = postalCode?.trim();
  return {
    name: postal ? `${postal} ${code}` : code,
    city: null,
    countryCode: code,
    latitude: null,
    longitude: null,
  };
}

function toFacts(tracker: KarrioTracker): Partial<ParcelFacts> {
  const info = tracker.info;
  const facts: Partial<ParcelFacts> = {};
  if (info?.shipment_service) facts.service = info.shipment_service;
  const origin = countryPlace(info?.shipment_origin_country, info?.shipment_origin_postal_code);
  if (origin) facts.origin = origin;
  const destination = countryPlace(
    info?.shipment_destination_country,
    info?.shipment_destination_postal_code,
  );
  if (destination) facts.destination = destination;
  if (info?.signed_by) facts.signedBy = info.signed_by;
  return facts;
}
