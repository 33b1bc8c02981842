import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/**
 * A carrier's DCSA Track & Trace 2.2 API on 127.0.0.1, with an OAuth2 client-credentials token URL, for
 * the carrier connection tests. It answers like a well-behaved carrier unless a test sets `override`
 * (which then answers the events requests it wants to); every request is recorded.
 */
export interface FakeCarrier {
  url: string;
  eventsUrl: string;
  tokenUrl: string;
  /** The static key a `headers` connection must send as `Consumer-Key`. */
  apiKey: string;
  clientId: string;
  clientSecret: string;
  /** Seconds the tokens it issues live (some carriers: 299). */
  tokenLifetime: number;
  /** Events per container number. */
  events: Map<string, object[]>;
  /** Events per bill of lading or booking number (asked without a container: ADR 0037). */
  documents: Map<string, object[]>;
  /** Tokens it accepts; a test revokes them by clearing this. */
  validTokens: Set<string>;
  tokenRequests: number;
  requests: { url: URL; headers: IncomingMessage['headers'] }[];
  /** Answers events requests instead of the default (return false to fall through). */
  override: ((req: IncomingMessage, res: ServerResponse, url: URL) => boolean) | null;
  /** Delays each token answer (ms): concurrent callers then overlap. */
  tokenDelayMs: number;
  close(): Promise<void>;
}

export async function startFakeCarrier(): Promise<FakeCarrier> {
  const carrier: FakeCarrier = {
    url: '',
    eventsUrl: '',
    tokenUrl: '',
    apiKey: `ck-${randomUUID()}`,
    clientId: `client-${randomUUID().slice(0, 8)}`,
    clientSecret: `secret-${randomUUID()}`,
    tokenLifetime: 299,
    events: new Map(),
    documents: new Map(),
    validTokens: new Set(),
    tokenRequests: 0,
    requests: [],
    override: null,
    tokenDelayMs: 0,
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', carrier.url);
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        carrier.tokenRequests++;
        const form = new URLSearchParams(body);
        const answer = () => {
          if (form.get('grant_type') !== 'client_credentials')
            return res
              .writeHead(400, { 'content-type': 'application/json' })
              .end('{"error":"unsupported_grant_type"}');
          if (
            form.get('client_id') !== carrier.clientId ||
            form.get('client_secret') !== carrier.clientSecret
          )
            return res
              .writeHead(401, { 'content-type': 'application/json' })
              .end('{"error":"invalid_client"}');
          const token = `tok-${randomUUID()}`;
          carrier.validTokens.add(token);
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              access_token: token,
              token_type: 'Bearer',
              expires_in: carrier.tokenLifetime,
            }),
          );
        };
        if (carrier.tokenDelayMs) setTimeout(answer, carrier.tokenDelayMs);
        else answer();
      });
      return;
    }
    carrier.requests.push({ url, headers: req.headers });
    if (carrier.override?.(req, res, url)) return;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const authorised =
      req.headers['consumer-key'] === carrier.apiKey ||
      (bearer !== undefined && carrier.validTokens.has(bearer));
    if (!authorised)
      return res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"unauthorized"}');
    const container = url.searchParams.get('equipmentReference');
    const document =
      url.searchParams.get('transportDocumentReference') ?? url.searchParams.get('carrierBookingReference');
    const events = container
      ? carrier.events.get(container)
      : document
        ? carrier.documents.get(document)
        : undefined;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(events ?? []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  carrier.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  carrier.eventsUrl = `${carrier.url}/v2/events`;
  carrier.tokenUrl = `${carrier.url}/oauth/token`;
  carrier.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  afterAll(() => carrier.close());
  return carrier;
}

/** A DCSA 2.2 equipment event of a container (gate out empty by default). */
export function equipmentEvent(containerNo: string, extra: Record<string, unknown> = {}) {
  return {
    eventID: randomUUID(),
    eventCreatedDateTime: '2026-09-03T08:30:00Z',
    eventType: 'EQUIPMENT',
    eventClassifierCode: 'ACT',
    eventDateTime: '2026-09-03T16:05:00+08:00',
    equipmentEventTypeCode: 'GTOT',
    equipmentReference: containerNo,
    emptyIndicatorCode: 'EMPTY',
    eventLocation: { locationName: 'Yangshan Deep Water Port', UNLocationCode: 'CNSHA' },
    ...extra,
  };
}
