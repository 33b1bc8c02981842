import type { CarrierConnection } from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { ok } from './fake-api';
import { acme, acmeDefault, beta, selectionOf } from './organization-fixtures';

export const PAGE = '/workspace-settings/carrier-connections';
export const ID = '0b7c1e2a-0000-4000-8000-0000000000c1';

export const connection = (overrides: Partial<CarrierConnection> = {}): CarrierConnection => ({
  id: ID,
  carrier: 'MAEU',
  kind: 'dcsa-tnt-2.2',
  baseUrl: 'https://api.maersk.com/track-and-trace-private/events',
  label: 'Main account',
  enabled: true,
  perMinute: 10,
  perDay: 100,
  auth: { type: 'headers', headers: [{ name: 'Consumer-Key', last4: 'x9Qz' }] },
  health: {
    lastSuccessAt: '2026-03-02T10:00:00.000Z',
    lastErrorAt: null,
    lastErrorClass: null,
    lastErrorMessage: null,
    failingSince: null,
    callsToday: 37,
    callsThisMinute: 2,
    nextCallAt: '2026-03-02T11:00:00.000Z',
  },
  delivery: 'poll',
  push: {
    callbackUrl: `https://track.example.com/api/carrier-callbacks/${ID}`,
    subscriptionsUrl: null,
    subscribed: 0,
    pending: 0,
    failing: 0,
    lastError: null,
    lastCallbackAt: null,
  },
  terminals: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

export const adminRoutes = () => ({
  'GET /api/workspaces/get': ok([acme, beta]),
  'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
});
