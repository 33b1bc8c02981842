import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { busyOceanDashboard } from '../test/dashboard-fixtures';
import { fakeApi, ok } from '../test/fake-api';
import { testUser } from '../test/http';
import { acme, acmeDefault, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

const rolled = {
  id: '6f1c1a52-2b1e-4a53-9b2a-0d1c8c1f7a10',
  type: 'lfd_at_risk',
  state: 'open',
  mode: 'ocean',
  shipmentId: '0b7a3f0e-7c55-4d1e-8f3e-5a0e9c2d4b61',
  reference: 'MSCU1234566',
  carrier: 'MSCU',
  tags: [],
  detail: 'Last free day 12/02/2025, 2 days left',
  owner: null,
  dueOn: null,
  openedAt: '2025-02-10T08:00:00.000Z',
  clearedAt: null,
  resolvedAt: null,
};

function serve() {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/dashboard/ocean': ok({
      ...busyOceanDashboard(),
      exceptions: { active: 3, byType: { lfd_at_risk: 2, rolled: 1 } },
    }),
    'GET /api/exceptions': ok({ items: [rolled], total: 1, page: 1, pageSize: 50 }),
    'GET /api/exceptions/counts': ok({ active: 3, byType: { lfd_at_risk: 2, rolled: 1 } }),
    'GET /api/comments/mentionable': ok([]),
  });
}

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  signInAsAgreedUser({ ...testUser, timeZone: 'Asia/Tokyo' });
});

describe('the dashboard’s exceptions', { timeout: 20_000 }, () => {
  it('counts the exceptions to work on, per card, and opens the exceptions of a card’s type', async () => {
    const api = serve();
    renderRoutes(appRoutes, '/dashboard/ocean');

    const all = await screen.findByTestId('dashboard-exceptions');
    expect(all).toHaveTextContent('3 open exceptions to work on');
    expect(all).toHaveAttribute('href', '/exceptions');
    const soon = screen.getByRole('article', { name: 'Last free day within 3 days: 2' });
    const owned = within(soon).getByRole('link', { name: '2 open exceptions' });
    expect(owned).toHaveAttribute('href', '/exceptions?type=lfd_at_risk');

    await userEvent.click(owned);
    expect(await screen.findByText('MSCU1234566')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('Last free day at risk');
    const asked = api.calls.filter((c) => c.method === 'GET' && c.path === '/api/exceptions');
    expect(asked.at(-1)?.query).toMatchObject({ type: 'lfd_at_risk' });
  });

  it('says nothing of exceptions when none is open', async () => {
    fakeApi({
      'GET /api/workspaces/get': ok([acme]),
      'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
      'GET /api/dashboard/ocean': ok(busyOceanDashboard()),
    });
    renderRoutes(appRoutes, '/dashboard/ocean');
    const soon = await screen.findByRole('article', { name: 'Last free day within 3 days: 2' });
    expect(within(soon).queryByText(/open exception/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-exceptions')).not.toBeInTheDocument();
  });
});
