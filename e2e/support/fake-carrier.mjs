// A carrier's DCSA Track & Trace 2.2 API for the end-to-end run, started by start-server.mjs beside the
// server: a static-key events endpoint and an OAuth2 client-credentials one, with fixed test credentials
// (carrier.ts has the same values for the specs). It knows one container, FAKE_CARRIER.container, and
// one bill of lading, FAKE_CARRIER.bill, with three containers on it (asked by
// transportDocumentReference alone, ADR 0037).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

export const FAKE_CARRIER = {
  apiKey: 'e2e-consumer-key-0001',
  clientId: 'e2e-client-0001',
  clientSecret: 'e2e-client-secret-0001',
  container: 'MSKU1234565',
  bill: 'MAEU240011223',
  billContainers: ['MSKU7000013', 'MSKU7000029', 'MSKU7000034'],
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
/** Each container of the bill: its empty pick-up and its gate-in at the terminal, on the bill. */
const BILL_EVENTS = new Map(
  FAKE_CARRIER.billContainers.map((box, i) => [
    box,
    [event('GTOT', 1 + i, box, FAKE_CARRIER.bill), event('GTIN', 4 + i, box, FAKE_CARRIER.bill)],
  ]),
);

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
    const container = url.searchParams.get('equipmentReference');
    const bill = url.searchParams.get('transportDocumentReference');
    let events = [];
    if (container === FAKE_CARRIER.container) events = EVENTS;
    else if (container) events = (bill === FAKE_CARRIER.bill && BILL_EVENTS.get(container)) || [];
    else if (bill === FAKE_CARRIER.bill) events = [...BILL_EVENTS.values()].flat();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(events));
  });
  server.listen(port, '127.0.0.1');
  server.unref();
  return server;
}
