import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BillingSettingsPage, PricingPage } from './pages/billing-pages';
import { fail, fakeApi, ok } from '../test/fake-api';
import { testApp } from '../test/app';
import { renderRoutes } from '../test/render';

const plans = [
  {
    id: 'free',
    name: 'Free',
    description: 'For a small team getting started',
    monthlyPrice: 0,
    yearlyPrice: 0,
    currency: 'usd',
    memberLimit: 10,
    shipmentQuota: 50,
    features: ['Dashboards and the live map'],
  },
  {
    id: 'team',
    name: 'Team',
    description: 'For a logistics team',
    monthlyPrice: 4900,
    yearlyPrice: 49000,
    currency: 'usd',
    memberLimit: 25,
    shipmentQuota: 500,
    features: ['Priority e-mail support'],
  },
];
const pricing = (canChangePlan = true) => ({
  plans,
  currentPlanId: 'free',
  currentInterval: 'month',
  canChangePlan,
  provider: 'none',
});
const overview = {
  plan: plans[1],
  interval: 'year',
  renewsAt: '2031-03-01T00:00:00.000Z',
  memberLimit: 25,
  memberUsage: 25,
  shipmentQuota: 500,
  shipmentUsage: 120,
  documentStorage: { usedBytes: 186_220, quotaBytes: 1024 * 1024 * 1024 },
  provider: 'stripe',
  canChangePlan: true,
  hasPortal: true,
  invoices: [],
  invoicesError: null,
};

// The pages without the signed-in shell, under the toasts' host it would give them.
const routes = [
  {
    element: (
      <>
        <Notifications />
        <Outlet />
      </>
    ),
    children: [
      { path: '/payment/pricing-table', element: <PricingPage /> },
      { path: '/settings/billing', element: <BillingSettingsPage /> },
    ],
  },
];

describe('pricing table', () => {
  it('shows monthly prices by default with the current plan marked, and yearly ones on the switch', async () => {
    fakeApi({ 'GET /api/billing/plans': ok(pricing()) });
    const user = userEvent.setup();
    renderRoutes(routes, '/payment/pricing-table');
    const team = await screen.findByRole('region', { name: 'Team' });
    expect(team).toHaveTextContent('$49 per month');
    expect(within(screen.getByRole('region', { name: 'Free' })).getByText('Current plan')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Free' })).getByRole('button', { name: 'Your plan' }),
    ).toBeDisabled();
    expect(screen.getByText('Yearly billing saves up to 17%.')).toBeVisible();
    await user.click(screen.getByText('Yearly'));
    expect(team).toHaveTextContent('$490 per year');
  });

  it('changes the plan after confirming, for company admins', async () => {
    const api = fakeApi({
      'GET /api/billing/plans': ok(pricing()),
      'POST /api/billing/change-plan': ok({ kind: 'changed', planId: 'team', interval: 'month' }),
      'POST /api/_api/user-journey/post': ok({ recorded: true }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/payment/pricing-table');
    await user.click(await screen.findByRole('button', { name: 'Choose Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Team?' });
    expect(dialog).toHaveTextContent('Team gives 25 seats and 500 active shipments for $49 per month.');
    await user.click(within(dialog).getByRole('button', { name: 'Change to Team' }));
    expect(await screen.findByText('Your organization is now on Team.')).toBeVisible();
    expect(api.callsTo('POST /api/billing/change-plan')[0]!.body).toEqual({
      planId: 'team',
      interval: 'month',
    });
  });

  it('says why a downgrade is refused, in the dialog', async () => {
    fakeApi({
      'GET /api/billing/plans': ok({ ...pricing(), currentPlanId: 'team' }),
      'POST /api/billing/change-plan': fail(
        409,
        'CONFLICT',
        'Free has 10 seats and your organization uses 12 (members and pending invitations). Remove members or cancel invitations first.',
      ),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/payment/pricing-table');
    await user.click(await screen.findByRole('button', { name: 'Choose Free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Free?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change to Free' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Free has 10 seats and your organization uses 12',
    );
  });

  it('tells general users that only company admins change plans, with no buttons to press', async () => {
    fakeApi({ 'GET /api/billing/plans': ok(pricing(false)) });
    renderRoutes(routes, '/payment/pricing-table');
    expect(await screen.findByText(/Only company admins can change plans\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Choose Team' })).toBeNull();
  });

  it('offers a retry when the plans cannot be loaded', async () => {
    const api = fakeApi({ 'GET /api/billing/plans': fail(404, 'NOT_FOUND', 'Organization not found.') });
    const user = userEvent.setup();
    renderRoutes(routes, '/payment/pricing-table');
    expect(await screen.findByText('Could not load the plans')).toBeVisible();
    api.route('GET /api/billing/plans', ok(pricing()));
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('region', { name: 'Team' })).toBeVisible();
  });
});

describe('billing settings', () => {
  it('shows the plan, its renewal, seats, shipments and storage used, and an empty invoice list', async () => {
    testApp().workspaceStore.setState({
      currentWorkspace: { workspaceId: 'w-1', name: 'Ops', isDefault: true },
    });
    fakeApi({ 'GET /api/billing': ok(overview) });
    renderRoutes(routes, '/settings/billing');
    expect(await screen.findByRole('heading', { level: 2, name: 'Team' })).toBeVisible();
    expect(screen.getByText(/\$490 per year, renews on 01\/03\/2031/)).toBeVisible();
    expect(screen.getByTestId('usage-seats')).toHaveTextContent('25 of 25');
    expect(screen.getByTestId('usage-seats')).toHaveTextContent('All in use.');
    expect(screen.getByTestId('usage-active-shipments')).toHaveTextContent('120 of 500');
    expect(screen.getByTestId('usage-document-storage')).toHaveTextContent('182 KB of 1.0 GB');
    expect(screen.getByTestId('usage-document-storage')).toHaveTextContent(
      'Files on the shipments of Ops; each workspace may keep this much.',
    );
    expect(
      screen.getByRole('progressbar', { name: 'Document storage: 182 KB of 1.0 GB used' }),
    ).toBeVisible();
    expect(screen.getByText('No invoices yet. They appear here after the first payment.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Manage payment' })).toBeVisible();
  });

  it('says when the workspace’s document storage is full', async () => {
    fakeApi({
      'GET /api/billing': ok({ ...overview, documentStorage: { usedBytes: 2048, quotaBytes: 2048 } }),
    });
    renderRoutes(routes, '/settings/billing');
    const storage = await screen.findByTestId('usage-document-storage');
    expect(storage).toHaveTextContent('2.0 KB of 2.0 KB');
    expect(storage).toHaveTextContent('All in use.');
  });

  it('lists invoices, and says so when the provider could not be asked', async () => {
    const api = fakeApi({
      'GET /api/billing': ok({
        ...overview,
        invoices: [
          {
            id: 'in_1',
            number: 'TL-0001',
            createdAt: '2031-02-01T10:00:00.000Z',
            amount: 49000,
            currency: 'usd',
            status: 'paid',
            url: 'https://invoice.example/in_1',
          },
        ],
      }),
    });
    const first = renderRoutes(routes, '/settings/billing');
    const link = await screen.findByRole('link', { name: 'TL-0001' });
    expect(link).toHaveAttribute('href', 'https://invoice.example/in_1');
    expect(link.closest('tr')).toHaveTextContent('$490');
    first.unmount();
    api.route(
      'GET /api/billing',
      ok({ ...overview, invoices: null, invoicesError: 'The invoices could not be loaded.' }),
    );
    testApp().queryClient.clear();
    renderRoutes(routes, '/settings/billing');
    await waitFor(() => expect(screen.getByText('The invoices could not be loaded.')).toBeVisible());
  });
});
