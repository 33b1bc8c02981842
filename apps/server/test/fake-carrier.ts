import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/** An event subscription the fake carrier holds (DCSA 2.2 `subscriptionBodyWithSecret`, and its id). */
export interface FakeSubscription {
  subscriptionID: string;
  callbackUrl: string;
  /** Base64, as the subscriber sent it. */
  secret: string;
  eventType?: string[];
  equipmentReference?: string;
  transportDocumentReference?: string;
  carrierBookingReference?: string;
}

/** What the subscriber's callback answered one push. */
export interface PushReply {
  subscriptionID: string;
  status: number;
  body: string;
}

/**
 * A carrier's DCSA Track & Trace 2.2 API on 127.0.0.1, with an OAuth2 client-credentials token URL, for
 * the carrier connection tests. It answers like a well-behaved carrier unless a test sets `override`
 * (which then answers the requests it wants to); every request is recorded. It keeps event
 * subscriptions (`/v2/event-subscriptions`) as a publisher does: a new one is refused unless its
 * callback URL answers a HEAD request, and `push` delivers events to the subscriptions that match,
 * signed with each one's secret.
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
  requests: { url: URL; headers: IncomingMessage['headers']; method?: string }[];
  subscriptionsUrl: string;
  /** Its subscriptions, by subscriptionID. */
  subscriptions: Map<string, FakeSubscription>;
  /** HEAD each new subscription's callback URL first, refusing the subscription if it does not answer 2xx. */
  checkCallbacks: boolean;
  /**
   * POSTs `events` to every subscription whose filter names `reference` (container or bill), signed as
   * DCSA specifies; `tamper` changes what is sent after signing, `body` sends other bytes.
   */
  push(
    reference: string,
    events: object[],
    options?: {
      tamper?: (body: string) => string;
      /** Signed and sent instead of the events. */
      raw?: string;
      secret?: string;
      headers?: Record<string, string>;
    },
  ): Promise<PushReply[]>;
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
    subscriptionsUrl: '',
    subscriptions: new Map(),
    checkCallbacks: true,
    push: () => Promise.resolve([]),
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
    carrier.requests.push({ url, headers: req.headers, method: req.method ?? 'GET' });
    if (carrier.override?.(req, res, url)) return;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const authorised =
      req.headers['consumer-key'] === carrier.apiKey ||
      (bearer !== undefined && carrier.validTokens.has(bearer));
    if (!authorised)
      return res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"unauthorized"}');
    if (url.pathname.startsWith('/v2/event-subscriptions')) {
      void answerSubscriptions(carrier, req, res, url);
      return;
    }
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
  carrier.subscriptionsUrl = `${carrier.url}/v2/event-subscriptions`;
  carrier.push = (reference, events, options = {}) => pushEvents(carrier, reference, events, options);
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

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** DCSA 2.2's error object. */
const dcsaError = (res: ServerResponse, status: number, method: string, url: URL, message: string) =>
  json(res, status, {
    httpMethod: method,
    requestUri: url.pathname,
    statusCode: status,
    statusCodeText: status === 404 ? 'Not Found' : 'Bad Request',
    errors: [{ reason: status === 404 ? 'notFound' : 'invalidInput', message }],
    errorDateTime: new Date().toISOString(),
  });

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(body));
      } catch {
        resolve(undefined);
      }
    });
  });
}

const FILTERS = ['equipmentReference', 'transportDocumentReference', 'carrierBookingReference'] as const;

/** `/v2/event-subscriptions[/{id}[/secret]]`: create, list, read, alter, reset the secret, stop. */
async function answerSubscriptions(
  carrier: FakeCarrier,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<unknown> {
  const method = req.method ?? 'GET';
  const [, , , id, secretPart] = url.pathname.split('/');
  const shown = (s: FakeSubscription) => {
    const { secret: _secret, ...rest } = s;
    return rest;
  };
  if (!id) {
    if (method === 'GET') return json(res, 200, [...carrier.subscriptions.values()].map(shown));
    if (method !== 'POST') return dcsaError(res, 405, method, url, 'Method not allowed');
    const body = (await readJson(req)) as Partial<FakeSubscription> | undefined;
    if (!body || typeof body.callbackUrl !== 'string' || !URL.canParse(body.callbackUrl))
      return dcsaError(res, 400, method, url, 'callbackUrl is required and must be a URL');
    if (typeof body.secret !== 'string' || Buffer.from(body.secret, 'base64').length !== 64)
      return dcsaError(res, 400, method, url, 'The secret must be exactly 64 bytes long (when deserialized)');
    if (carrier.checkCallbacks) {
      const check = await fetch(body.callbackUrl, { method: 'HEAD' }).catch(() => null);
      if (!check || check.status < 200 || check.status > 299)
        return dcsaError(
          res,
          400,
          method,
          url,
          `The callbackUrl did not answer the HEAD check (${check ? `HTTP ${String(check.status)}` : 'unreachable'})`,
        );
    }
    const subscription: FakeSubscription = {
      subscriptionID: randomUUID(),
      callbackUrl: body.callbackUrl,
      secret: body.secret,
      ...(Array.isArray(body.eventType) ? { eventType: body.eventType } : {}),
    };
    for (const filter of FILTERS) if (typeof body[filter] === 'string') subscription[filter] = body[filter];
    carrier.subscriptions.set(subscription.subscriptionID, subscription);
    return json(res, 201, shown(subscription));
  }
  const subscription = carrier.subscriptions.get(id);
  if (!subscription) return dcsaError(res, 404, method, url, `No EventSubscription with ID: ${id}`);
  if (secretPart === 'secret' && method === 'PUT') {
    const body = (await readJson(req)) as { secret?: unknown } | undefined;
    if (typeof body?.secret !== 'string' || Buffer.from(body.secret, 'base64').length !== 64)
      return dcsaError(res, 400, method, url, 'The secret must be exactly 64 bytes long (when deserialized)');
    subscription.secret = body.secret;
    return res.writeHead(204).end();
  }
  if (method === 'GET') return json(res, 200, shown(subscription));
  if (method === 'DELETE') {
    carrier.subscriptions.delete(id);
    return res.writeHead(204).end();
  }
  return dcsaError(res, 405, method, url, 'Method not allowed');
}

async function pushEvents(
  carrier: FakeCarrier,
  reference: string,
  events: object[],
  options: {
    tamper?: (body: string) => string;
    raw?: string;
    secret?: string;
    headers?: Record<string, string>;
  },
): Promise<PushReply[]> {
  const replies: PushReply[] = [];
  for (const subscription of carrier.subscriptions.values()) {
    if (!FILTERS.some((f) => subscription[f] === reference)) continue;
    const body = options.raw ?? JSON.stringify(events);
    const signature = createHmac('sha256', Buffer.from(options.secret ?? subscription.secret, 'base64'))
      .update(body)
      .digest('hex');
    const response = await fetch(subscription.callbackUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'api-version': '2.2.0',
        'notification-signature': `sha256=${signature}`,
        'subscription-id': subscription.subscriptionID,
        ...options.headers,
      },
      body: options.tamper ? options.tamper(body) : body,
    });
    replies.push({
      subscriptionID: subscription.subscriptionID,
      status: response.status,
      body: await response.text(),
    });
  }
  return replies;
}
