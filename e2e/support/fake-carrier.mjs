// A carrier's DCSA Track & Trace 2.2 API for the end-to-end run, started by start-server.mjs beside the
// server: a static-key events endpoint and an OAuth2 client-credentials one, with fixed test credentials
// (carrier.ts has the same values for the specs). It knows one container at its origin, FAKE_CONTAINER,
// and two discharged at Los Angeles two days ago (atLosAngeles), which the fake terminal knows too.
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

export const FAKE_CARRIER = {
  apiKey: 'e2e-consumer-key-0001',
  clientId: 'e2e-client-0001',
  clientSecret: 'e2e-client-secret-0001',
  container: 'MSKU1234565',
  atLosAngeles: ['MSKU7000013', 'MSKU7000029'],
};

const event = (code, day) => ({
  eventID: randomUUID(),
  eventCreatedDateTime: `2026-09-0${String(day)}T08:30:00Z`,
  eventType: 'EQUIPMENT',
  eventClassifierCode: 'ACT',
  eventDateTime: `2026-09-0${String(day)}T16:05:00+08:00`,
  equipmentEventTypeCode: code,
  equipmentReference: FAKE_CARRIER.container,
  emptyIndicatorCode: code === 'GTOT' ? 'EMPTY' : 'LADEN',
  eventLocation: { locationName: 'Yangshan Deep Water Port', UNLocationCode: 'CNSHA' },
});
const EVENTS = [event('GTOT', 1), event('GTIN', 3)];

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
    if (req.method !== 'GET' || url.pathname !== '/v2/events') {
      res.writeHead(404).end();
      return;
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (req.headers['consumer-key'] !== FAKE_CARRIER.apiKey && !(bearer && tokens.has(bearer))) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"unauthorized"}');
      return;
    }
    const asked = url.searchParams.get('equipmentReference');
    const events =
      asked === FAKE_CARRIER.container
        ? EVENTS
        : FAKE_CARRIER.atLosAngeles.includes(asked)
          ? voyageToLosAngeles(asked)
          : [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(events));
  });
  server.listen(port, '127.0.0.1');
  server.unref();
  return server;
}
