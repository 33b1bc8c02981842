import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/**
 * APM Terminals' Import Availability API on 127.0.0.1, as its developer portal publishes it: an
 * Apigee client-credentials token URL (`POST /oauth/client_credential/accesstoken?grant_type=
 * client_credentials`, a form with client_id and client_secret; "BearerToken" tokens whose expires_in,
 * a string, is 30 minutes) and `GET /import-availability?assetId=A,B&facilityCode=USLAX` with the token,
 * answering a record per container it knows at that facility. A test sets `override` to answer the
 * availability requests it wants to; every request is recorded.
 */
export interface FakeTerminal {
  url: string;
  availabilityUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Seconds its tokens live, as it says in expires_in (APM Terminals: 30 minutes). */
  tokenLifetime: number;
  /** Records per `${facility}:${container}`, as the API answers them. */
  records: Map<string, Record<string, unknown>>;
  validTokens: Set<string>;
  /** Tokens it calls expired: refused with Apigee's "Access Token expired" fault. */
  expiredTokens: Set<string>;
  tokenRequests: number;
  requests: { url: URL; headers: IncomingMessage['headers'] }[];
  override: ((req: IncomingMessage, res: ServerResponse, url: URL) => boolean) | null;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** The API's error object (components/schemas/ApiError, as far as published: a code and a message). */
const apiError = (status: number, message: string) => ({ code: String(status), message });

export async function startFakeTerminal(): Promise<FakeTerminal> {
  const terminal: FakeTerminal = {
    url: '',
    availabilityUrl: '',
    tokenUrl: '',
    clientId: `apmt-${randomUUID().slice(0, 8)}`,
    clientSecret: `apmt-secret-${randomUUID()}`,
    tokenLifetime: 1799,
    records: new Map(),
    validTokens: new Set(),
    expiredTokens: new Set(),
    tokenRequests: 0,
    requests: [],
    override: null,
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', terminal.url);
    if (req.method === 'POST' && url.pathname === '/oauth/client_credential/accesstoken') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        terminal.tokenRequests++;
        const form = new URLSearchParams(body);
        const grant = url.searchParams.get('grant_type') ?? form.get('grant_type');
        if (grant !== 'client_credentials')
          return json(res, 400, { ErrorCode: 'invalid_request', Error: 'Unsupported grant type' });
        if (
          form.get('client_id') !== terminal.clientId ||
          form.get('client_secret') !== terminal.clientSecret
        )
          return json(res, 401, { ErrorCode: 'invalid_client', Error: 'ClientId is Invalid' });
        const token = randomUUID().replace(/-/g, '').slice(0, 28);
        terminal.validTokens.add(token);
        json(res, 200, {
          refresh_token_expires_in: '0',
          api_product_list: '[Import Availability]',
          api_product_list_json: ['Import Availability'],
          organization_name: 'apmterminals',
          'developer.email': 'integrations@example.com',
          token_type: 'BearerToken',
          issued_at: String(Date.now()),
          client_id: terminal.clientId,
          access_token: token,
          application_name: randomUUID(),
          scope: '',
          expires_in: String(terminal.tokenLifetime),
          refresh_count: '0',
          status: 'approved',
        });
      });
      return;
    }
    terminal.requests.push({ url, headers: req.headers });
    if (terminal.override?.(req, res, url)) return;
    if (req.method !== 'GET' || url.pathname !== '/import-availability')
      return json(res, 404, apiError(404, 'Bad URL'));
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (bearer && terminal.expiredTokens.has(bearer))
      return json(res, 401, {
        fault: {
          faultstring: 'Access Token expired',
          detail: { errorcode: 'keymanagement.service.access_token_expired' },
        },
      });
    if (!bearer || !terminal.validTokens.has(bearer))
      return json(res, 401, apiError(401, 'The user is not authenticated in the system'));
    const facility = url.searchParams.get('facilityCode');
    const assets = url.searchParams.get('assetId');
    if (!facility || !assets) return json(res, 400, apiError(400, 'Bad Request'));
    const answer = assets
      .split(',')
      .map((a) => terminal.records.get(`${facility}:${a.trim()}`))
      .filter((r): r is Record<string, unknown> => r !== undefined);
    json(res, 200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  terminal.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  terminal.availabilityUrl = `${terminal.url}/import-availability`;
  terminal.tokenUrl = `${terminal.url}/oauth/client_credential/accesstoken?grant_type=client_credentials`;
  terminal.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  afterAll(() => terminal.close());
  return terminal;
}

/** One Import Availability record as the API's published schema names its fields. */
export function availabilityRecord(containerId: string, extra: Record<string, unknown> = {}) {
  return {
    containerId,
    billOfLading: 'MAEU261234567',
    readyForDelivery: 'N',
    containerState: 'Yard',
    dischargeDateTimeLocal: '2026-03-01T10:12:00-08:00',
    yardLocation: 'Y0709A',
    containerHolds: 'CUSTOMS HOLD',
    storagePaidThroughDate: '2026-03-08',
    demurrageOwed: '$0.00',
    sizeTypeHeight: '40/GP/96',
    containerIsoCode: '45G1',
    containerGrossWeightKilos: 18_750,
    containerGrossWeightPounds: 41_337,
    hazardous: '',
    facilityOutDateTimeLocal: '',
    vesselName: 'MAERSK ESSEN',
    vesselEtaDateTimeLocal: '2026-02-28T06:00:00-08:00',
    shippingLine: 'MAE',
    appointment: 'N',
    appointmentDateTimeLocal: '',
    ...extra,
  };
}
