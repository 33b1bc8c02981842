// APM Terminals' Import Availability API for the end-to-end run, started by start-server.mjs beside
// the server, as its developer portal publishes it: an Apigee client-credentials token URL
// (`POST /oauth/client_credential/accesstoken?grant_type=client_credentials`, 30-minute "BearerToken"
// tokens) and `GET /import-availability?assetId=…&facilityCode=…`. It knows the fake carrier's two
// containers discharged at Los Angeles (USLAX): one held by customs, one ready for delivery.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { FAKE_CARRIER } from './fake-carrier.mjs';

export const FAKE_TERMINAL = {
  clientId: 'e2e-apmt-consumer-key-0001',
  clientSecret: 'e2e-apmt-consumer-secret-0001',
};

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The published record's fields, for a container discharged at USLAX two days ago. */
const record = (containerId, extra) => ({
  containerId,
  billOfLading: '',
  readyForDelivery: 'N',
  containerState: 'Yard',
  dischargeDateTimeLocal: `${day(-2)}T10:12:00-08:00`,
  yardLocation: 'Y0709A',
  containerHolds: '',
  storagePaidThroughDate: day(4),
  demurrageOwed: '$0.00',
  sizeTypeHeight: '40/GP/96',
  containerIsoCode: '45G1',
  hazardous: '',
  facilityOutDateTimeLocal: '',
  vesselName: 'MAERSK ESSEN',
  shippingLine: 'MAE',
  appointment: 'N',
  appointmentDateTimeLocal: '',
  ...extra,
});

const json = (res, status, body) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export function startFakeTerminal(port) {
  const tokens = new Set();
  const [held, ready] = FAKE_CARRIER.atLosAngeles;
  const records = new Map([
    [`USLAX:${held}`, () => record(held, { containerHolds: 'CUSTOMS HOLD' })],
    [
      `USLAX:${ready}`,
      () => record(ready, { readyForDelivery: 'Y', yardLocation: 'B12-04-3', demurrageOwed: '$250.00' }),
    ],
  ]);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${String(port)}`);
    if (req.method === 'POST' && url.pathname === '/oauth/client_credential/accesstoken') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        if (
          form.get('client_id') !== FAKE_TERMINAL.clientId ||
          form.get('client_secret') !== FAKE_TERMINAL.clientSecret
        )
          return json(res, 401, { ErrorCode: 'invalid_client', Error: 'ClientId is Invalid' });
        const token = randomUUID().replace(/-/g, '');
        tokens.add(token);
        json(res, 200, {
          token_type: 'BearerToken',
          access_token: token,
          expires_in: '1799',
          status: 'approved',
        });
      });
      return;
    }
    if (req.method !== 'GET' || url.pathname !== '/import-availability')
      return json(res, 404, { code: '404', message: 'Bad URL' });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer))
      return json(res, 401, { code: '401', message: 'The user is not authenticated in the system' });
    const facility = url.searchParams.get('facilityCode');
    const assets = (url.searchParams.get('assetId') ?? '').split(',');
    json(
      res,
      200,
      assets.flatMap((asset) => {
        const known = records.get(`${facility}:${asset.trim()}`);
        return known ? [known()] : [];
      }),
    );
  });
  server.listen(port, '127.0.0.1');
  server.unref();
  return server;
}
