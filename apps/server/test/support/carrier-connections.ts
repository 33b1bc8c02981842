import { expect } from 'vitest';
import { useTestApp } from '../app';
import { type Team } from '../factories';
import { startFakeCarrier } from '../fake-carrier';

/** The app and a fake DCSA carrier, with the connection bodies the carrier connection tests add. */
export async function useCarrierConnectionsApp() {
  const { app, ctx } = await useTestApp();
  const carrier = await startFakeCarrier();

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  const headersConnection = (overrides: object = {}) => ({
    carrier: 'MAEU',
    baseUrl: carrier.eventsUrl,
    auth: { type: 'headers', headers: { 'Consumer-Key': carrier.apiKey } },
    label: 'Maersk main account',
    ...overrides,
  });
  const oauthConnection = (overrides: object = {}) => ({
    carrier: 'HLCU',
    baseUrl: carrier.eventsUrl,
    auth: {
      type: 'oauth2-client-credentials',
      tokenUrl: carrier.tokenUrl,
      clientId: carrier.clientId,
      clientSecret: carrier.clientSecret,
    },
    ...overrides,
  });

  async function create(team: Team, body: object) {
    const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: { id: string; auth: Record<string, unknown> } }>().result;
  }
  return { app, ctx, carrier, call, headersConnection, oauthConnection, create };
}
