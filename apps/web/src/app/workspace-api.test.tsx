import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from '@tracklane/shared/api-keys/api-keys.schema';
import type { WebhookEndpoint } from '@tracklane/shared/webhooks/webhooks.schema';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../test/fake-api';
import { acme, acmeDefault, beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: '0b7c1e2a-0000-4000-8000-000000000001',
  name: 'ERP sync',
  prefix: 'tlk_Q2x8fJ1a',
  scope: 'read_write',
  createdAt: '2026-03-01T10:00:00.000Z',
  createdBy: { id: 'u1', name: 'Grace Hopper' },
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: '0b7c1e2a-0000-4000-8000-0000000000e1',
  url: 'https://erp.example.com/hooks/tracklane',
  description: '',
  eventTypes: ['shipment.added', 'shipment.changed'],
  shape: 'tracklane',
  enabled: false,
  disabledReason: '25 delivery attempts in a row failed (last: HTTP 500).',
  disabledAt: '2026-03-02T10:00:00.000Z',
  consecutiveFailures: 25,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const adminRoutes = () => ({
  'GET /api/workspaces/get': ok([acme, beta]),
  'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
});

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  signInAsAgreedUser();
});

describe('/workspace-settings/api', () => {
  it('creates a key and shows it once; the list then shows only its prefix', async () => {
    let keys: ApiKey[] = [];
    const api = fakeApi({
      ...adminRoutes(),
      'GET /api/api-keys': () => ok(keys),
      'GET /api/webhooks': ok([]),
      'POST /api/api-keys': () => {
        keys = [key({ scope: 'read' })];
        return ok({ ...keys[0], key: 'tlk_Q2x8fJ1aSECRETSECRETSECRETSECRETSECRET123' });
      },
    });
    renderRoutes(appRoutes, '/workspace-settings/api');
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'ERP sync');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    expect(await screen.findByTestId('revealed-secret')).toHaveTextContent(
      'tlk_Q2x8fJ1aSECRETSECRETSECRETSECRETSECRET123',
    );
    expect(api.callsTo('POST /api/api-keys')[0]!.body).toEqual({
      name: 'ERP sync',
      scope: 'read',
      expiresAt: null,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    const row = await screen.findByTestId('api-key-row');
    expect(row).toHaveTextContent('tlk_Q2x8fJ1a…');
    expect(row).toHaveTextContent('Read');
    expect(document.body).not.toHaveTextContent('SECRETSECRET');
  });

  it('revokes a key after confirmation', async () => {
    let keys = [key()];
    const api = fakeApi({
      ...adminRoutes(),
      'GET /api/api-keys': () => ok(keys),
      'GET /api/webhooks': ok([]),
      [`POST /api/api-keys/${key().id}/revoke`]: () => {
        keys = [key({ revokedAt: '2026-03-03T10:00:00.000Z' })];
        return ok(null);
      },
    });
    renderRoutes(appRoutes, '/workspace-settings/api');
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke ERP sync' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.getByTestId('api-key-row')).toHaveTextContent('Revoked'));
    expect(api.callsTo(`POST /api/api-keys/${key().id}/revoke`)).toHaveLength(1);
  });

  it('shows a disabled endpoint with its reason, and its delivery log with replay', async () => {
    const api = fakeApi({
      ...adminRoutes(),
      'GET /api/api-keys': ok([]),
      'GET /api/webhooks': ok([endpoint()]),
      [`GET /api/webhooks/${endpoint().id}/deliveries`]: ok({
        items: [
          {
            id: '0b7c1e2a-0000-4000-8000-0000000000d1',
            eventId: 'e1',
            eventType: 'shipment.added',
            status: 'failed',
            attempts: 9,
            lastStatusCode: 500,
            lastResponseMs: 84,
            lastError: 'HTTP 500',
            lastAttemptAt: '2026-03-02T09:00:00.000Z',
            createdAt: '2026-03-02T05:00:00.000Z',
          },
        ],
        nextCursor: null,
      }),
    });
    renderRoutes(appRoutes, '/workspace-settings/api');
    const row = await screen.findByTestId('webhook-row');
    expect(row).toHaveTextContent('https://erp.example.com/hooks/tracklane');
    expect(row).toHaveTextContent('Disabled');
    await userEvent.click(within(row).getByRole('button', { name: /Deliveries to/ }));
    const delivery = await screen.findByTestId('delivery-row');
    expect(delivery).toHaveTextContent('shipment.added');
    expect(delivery).toHaveTextContent('Failed');
    expect(delivery).toHaveTextContent('84 ms');
    // A disabled endpoint must be enabled before replaying.
    expect(within(delivery).getByRole('button', { name: 'Replay' })).toBeDisabled();
    expect(
      screen.getByText('This endpoint is disabled: enable it to replay deliveries.'),
    ).toBeInTheDocument();
    expect(api.callsTo(`GET /api/webhooks/${endpoint().id}/deliveries`)).toHaveLength(1);
  });

  it('is refused to general users without asking the server', async () => {
    const api = fakeApi({
      'GET /api/workspaces/get': ok([beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
    });
    renderRoutes(appRoutes, '/workspace-settings/api');
    expect(
      await screen.findByText('Only company admins can manage API keys and webhooks'),
    ).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).not.toContain('/api/api-keys');
  });
});

describe('/workspace-settings/api/webhooks', () => {
  it('serves the webhooks guide that the API page and the reference point to', async () => {
    fakeApi({ ...adminRoutes(), 'GET /api/api-keys': ok([]), 'GET /api/webhooks': ok([]) });
    renderRoutes(appRoutes, '/workspace-settings/api');
    await userEvent.click(await screen.findByRole('link', { name: 'How to verify them' }));

    expect(await screen.findByRole('heading', { name: 'Webhooks guide' })).toBeInTheDocument();
    const guide = await screen.findByTestId('webhooks-guide');
    expect(within(guide).getByRole('heading', { name: 'Event types' })).toBeInTheDocument();
    expect(within(guide).getByRole('heading', { name: 'Verifying the signature' })).toBeInTheDocument();
    expect(within(guide).getAllByRole('table').length).toBeGreaterThan(0);
  });
});
