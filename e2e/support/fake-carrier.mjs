// A carrier's DCSA Track & Trace 2.2 API for the end-to-end run, started by start-server.mjs beside the
// server: a static-key events endpoint and an OAuth2 client-credentials one, with fixed test credentials
// (carrier.ts has the same values for the specs). It knows one container at its origin, FAKE_CONTAINER;
// two discharged at Los Angeles two days ago (atLosAngeles), which the fake terminal knows too; and one
// bill of lading, FAKE_CARRIER.bill, with three other containers on it (asked by
// transportDocumentReference alone, ADR 0037). It keeps event subscriptions as a publisher does (a new
// one only once its callback URL answers a HEAD request), and `POST /_fake/push` (for the specs) sends a
// new event of a container to its subscribers, signed with each subscription's secret (DCSA's
// Notification-Signature).
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

export const FAKE_CARRIER = {
  apiKey: 'e2e-consumer-key-0001',
  clientId: 'e2e-client-0001',
  clientSecret: 'e2e-client-secret-0001',
  container: 'MSKU1234565',
  atLosAngeles: ['MSKU7000013', 'MSKU7000029'],
  bill: 'MAEU240011223',
  billContainers: ['MSKU7000409', 'MSKU7000414', 'MSKU7000420'],
  /** Picked up and gated in like `container`; the live pages spec pushes it new ETAs. */
  liveEta: 'MSKU7800042',
};

const event = (code, day, container = FAKE_CARRIER.container, bill = null) => ({
  eventID: randomUUID(),
  eventCreatedDateTime: `2026-09-0${String(day)}T08:30:00Z`,
  eventType: 'EQUIPMENT',
  eventClassifierCode: 'ACT',
  eventDateTime: `2026-09-0${String(day)}T16:05:00+08:00`,
  equipmentEventTypeCode: code,
  equipmentReference: container,
  emptyIndicatorCode: code === 'GTOT' ? 'EMPTY' : 'LADEN',
  eventLocation: { locationName: 'Yangshan Deep Water Port', UNLocationCode: 'CNSHA' },
  ...(bill ? { documentReferences: [{ documentReferenceType: 'TRD', documentReferenceValue: bill }] } : {}),
});
const EVENTS = [event('GTOT', 1), event('GTIN', 3)];
const LIVE_ETA_EVENTS = [event('GTOT', 1, FAKE_CARRIER.liveEta), event('GTIN', 3, FAKE_CARRIER.liveEta)];

/** The vessel's estimated arrival at Los Angeles, as a carrier announces a new ETA. */
const arrivalEstimate = (eta) => ({
  eventID: randomUUID(),
  eventCreatedDateTime: new Date().toISOString(),
  eventType: 'TRANSPORT',
  eventClassifierCode: 'EST',
  eventDateTime: eta,
  transportEventTypeCode: 'ARRI',
  transportCall: {
    transportCallID: stableId('call', 'USLAX'),
    modeOfTransport: 'VESSEL',
    UNLocationCode: 'USLAX',
    transportCallSequenceNumber: 2,
    importVoyageNumber: 'FE638E',
    location: { locationName: 'Los Angeles', UNLocationCode: 'USLAX' },
    vessel: { vesselIMONumber: '9980253', vesselName: 'MSC IRINA' },
  },
});
/** Each container of the bill: its empty pick-up and its gate-in at the terminal, on the bill. */
const BILL_EVENTS = new Map(
  FAKE_CARRIER.billContainers.map((box, i) => [
    box,
    [event('GTOT', 1 + i, box, FAKE_CARRIER.bill), event('GTIN', 4 + i, box, FAKE_CARRIER.bill)],
  ]),
);

const readBody = (req) =>
  new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(body));
      } catch {
        resolve(undefined);
      }
    });
  });

const json = (res, status, body) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** `POST /v2/event-subscriptions`, `GET`/`DELETE /v2/event-subscriptions/{id}`. */
/** A subscription as the API shows it: everything but its secret. */
const shown = (subscription) =>
  Object.fromEntries(Object.entries(subscription).filter(([key]) => key !== 'secret'));

async function answerSubscriptions(subscriptions, req, res, url) {
  const id = url.pathname.split('/')[3];
  if (!id && req.method === 'POST') {
    const body = await readBody(req);
    if (!body || typeof body.callbackUrl !== 'string' || typeof body.secret !== 'string')
      return json(res, 400, { errors: [{ message: 'callbackUrl and secret are required' }] });
    if (Buffer.from(body.secret, 'base64').length !== 64)
      return json(res, 400, { errors: [{ message: 'The secret must be exactly 64 bytes long' }] });
    const check = await fetch(body.callbackUrl, { method: 'HEAD' }).catch(() => null);
    if (!check || !check.ok)
      return json(res, 400, { errors: [{ message: 'The callbackUrl did not answer the HEAD check' }] });
    const subscription = { subscriptionID: randomUUID(), ...body };
    subscriptions.set(subscription.subscriptionID, subscription);
    return json(res, 201, shown(subscription));
  }
  if (!id && req.method === 'GET') return json(res, 200, [...subscriptions.values()].map(shown));
  if (!subscriptions.has(id)) return json(res, 404, { errors: [{ message: `No EventSubscription ${id}` }] });
  if (req.method === 'DELETE') {
    subscriptions.delete(id);
    return res.writeHead(204).end();
  }
  return json(res, 200, shown(subscriptions.get(id)));
}

/**
 * Sends one new event of `reference` (equipment event `code`, or with `eta` an estimated arrival at Los
 * Angeles) to every subscription on it, signed.
 */
async function push(subscriptions, { reference, code = 'LOAD', eta }) {
  const replies = [];
  for (const subscription of subscriptions.values()) {
    if (subscription.equipmentReference !== reference) continue;
    const body = JSON.stringify([
      eta
        ? arrivalEstimate(eta)
        : {
            ...event(code, 5),
            eventID: randomUUID(),
            equipmentReference: reference,
            eventCreatedDateTime: new Date().toISOString(),
            eventDateTime: new Date(Date.now() - 3_600_000).toISOString(),
          },
    ]);
    const signature = createHmac('sha256', Buffer.from(subscription.secret, 'base64'))
      .update(body)
      .digest('hex');
    const response = await fetch(subscription.callbackUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'api-version': '2.2.0',
        'notification-signature': `sha256=${signature}`,
        'subscription-id': subscription.subscriptionID,
      },
      body,
    });
    replies.push({ subscriptionID: subscription.subscriptionID, status: response.status });
  }
  return replies;
}

/** The same event ID at every poll: a version 4 UUID made from the container and the event. */
const stableId = (...parts) => {
  const hex = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const daysAgo = (n) => new Date(Date.now() - n * 86_400_000).toISOString();
/** Loaded at Shanghai three weeks ago, discharged at Los Angeles two days ago (times as of the request). */
const voyageToLosAngeles = (container) =>
  [
    ['LOAD', 20, { locationName: 'Yangshan Deep Water Port', UNLocationCode: 'CNSHA' }],
    ['DISC', 2, { locationName: 'Los Angeles', UNLocationCode: 'USLAX' }],
  ].map(([code, ago, eventLocation]) => ({
    eventID: stableId(container, code),
    eventCreatedDateTime: daysAgo(ago),
    eventType: 'EQUIPMENT',
    eventClassifierCode: 'ACT',
    eventDateTime: daysAgo(ago),
    equipmentEventTypeCode: code,
    equipmentReference: container,
    emptyIndicatorCode: 'LADEN',
    eventLocation,
  }));

export function startFakeCarrier(port) {
  const tokens = new Set();
  const subscriptions = new Map();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${String(port)}`);
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        if (
          form.get('client_id') !== FAKE_CARRIER.clientId ||
          form.get('client_secret') !== FAKE_CARRIER.clientSecret
        ) {
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
          return;
        }
        const token = `tok-${randomUUID()}`;
        tokens.add(token);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 299 }));
      });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/_fake/push') {
      void readBody(req).then(async (body) => json(res, 200, await push(subscriptions, body ?? {})));
      return;
    }
    const subscribing = url.pathname.startsWith('/v2/event-subscriptions');
    if (!subscribing && (req.method !== 'GET' || url.pathname !== '/v2/events')) {
      res.writeHead(404).end();
      return;
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (req.headers['consumer-key'] !== FAKE_CARRIER.apiKey && !(bearer && tokens.has(bearer))) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"unauthorized"}');
      return;
    }
    if (subscribing) {
      void answerSubscriptions(subscriptions, req, res, url);
      return;
    }
    const container = url.searchParams.get('equipmentReference');
    const bill = url.searchParams.get('transportDocumentReference');
    let events = [];
    if (container === FAKE_CARRIER.container) events = EVENTS;
    else if (container === FAKE_CARRIER.liveEta) events = LIVE_ETA_EVENTS;
    else if (FAKE_CARRIER.atLosAngeles.includes(container)) events = voyageToLosAngeles(container);
    else if (container) events = (bill === FAKE_CARRIER.bill && BILL_EVENTS.get(container)) || [];
    else if (bill === FAKE_CARRIER.bill) events = [...BILL_EVENTS.values()].flat();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(events));
  });
  server.listen(port, '127.0.0.1');
  server.unref();
  return server;
}
