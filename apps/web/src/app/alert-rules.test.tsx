import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlertRule, AlertRulesResult } from '@tracklane/shared/alerts/alerts.schema';
import type { ShipmentFreeTime } from '@tracklane/shared/free-time/free-time.schema';
import { BUILT_IN_TERMS } from '@tracklane/shared/free-time/free-time.schema';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FreeTimeClocks } from '../modes/ocean/components/free-time-clocks';
import { TermsForm } from '../features/free-time/components/terms-form';
import { fail, fakeApi, ok } from '../test/fake-api';
import { acme, acmeDefault, beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes, renderWithProviders } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

const rule = (overrides: Partial<AlertRule> = {}): AlertRule => ({
  id: '0b7c1e2a-0000-4000-8000-0000000000a1',
  name: 'Last free day in 2 days',
  mode: 'ocean',
  condition: { kind: 'lfd', days: 2 },
  filters: {
    carriers: [],
    pol: [],
    pod: [],
    tags: [],
    companies: [],
    favoritesOnly: false,
    customFields: [],
  },
  recipients: { allMembers: true, userIds: [], emails: [] },
  enabled: true,
  scope: 'workspace',
  ownerId: null,
  ownerName: null,
  canEdit: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const result = (rules: AlertRule[], manages = true): AlertRulesResult => ({
  rules,
  managesWorkspaceRules: manages,
  members: [{ userId: 'u-1', name: 'Grace Hopper', email: 'grace@example.com' }],
});

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  signInAsAgreedUser();
});

describe('/workspace-settings/alerts', { timeout: 20_000 }, () => {
  it("names whose favourites a favourites-only rule watches: its maker's (favourites are personal)", async () => {
    fakeApi({
      'GET /api/workspaces/get': ok([acme, beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
      'GET /api/alert-rules': ok(
        result([
          rule({
            ownerId: 'u-1',
            ownerName: 'Grace Hopper',
            filters: {
              carriers: [],
              pol: [],
              pod: [],
              tags: [],
              companies: [],
              favoritesOnly: true,
              customFields: [],
            },
          }),
        ]),
      ),
    });
    renderRoutes(appRoutes, '/workspace-settings/alerts');
    const row = await screen.findByTestId('alert-rule-row');
    expect(row).toHaveTextContent('Only Grace Hopper’s favourites');

    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add alert rule' });
    expect(within(dialog).getByRole('checkbox', { name: 'Favourites only' })).toHaveAccessibleDescription(
      'Shipments you starred: favourites are personal, and a rule watches its maker’s.',
    );
  });

  it('lists the rules, adds one with its threshold and recipients, and turns one off', async () => {
    let rules = [rule()];
    const api = fakeApi({
      'GET /api/workspaces/get': ok([acme, beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
      'GET /api/alert-rules': () => ok(result(rules)),
      'POST /api/alert-rules': (call) => {
        rules = [...rules, rule({ id: '0b7c1e2a-0000-4000-8000-0000000000a2', ...(call.body as object) })];
        return ok(rules.at(-1));
      },
      'PATCH /api/alert-rules/0b7c1e2a-0000-4000-8000-0000000000a1': () => {
        rules = [rule({ enabled: false })];
        return ok(rules[0]);
      },
    });
    renderRoutes(appRoutes, '/workspace-settings/alerts');
    const row = await screen.findByTestId('alert-rule-row');
    expect(row).toHaveTextContent('Last free day within 2 days or passed');
    expect(row).toHaveTextContent('All members');

    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add alert rule' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Slips');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Alert when' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ETA slipped by N hours or more' }));
    const hours = within(dialog).getByRole('textbox', { name: 'Hours of slip' });
    await userEvent.clear(hours);
    await userEvent.type(hours, '48');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'The previous ETA' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));

    await waitFor(() => expect(api.callsTo('POST /api/alert-rules')).toHaveLength(1));
    expect(api.callsTo('POST /api/alert-rules')[0]!.body).toMatchObject({
      name: 'Slips',
      mode: 'ocean',
      condition: { kind: 'eta_slip', hours: 48, against: 'last' },
      recipients: { allMembers: true, userIds: [], emails: [] },
      enabled: true,
    });
    await waitFor(() => expect(screen.getAllByTestId('alert-rule-row')).toHaveLength(2));

    await userEvent.click(screen.getByRole('switch', { name: 'Turn off Last free day in 2 days' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/alert-rules/0b7c1e2a-0000-4000-8000-0000000000a1')[0]!.body).toEqual({
        enabled: false,
      }),
    );
  });

  it('narrows a rule to the workspace’s companies, and names them in the list', async () => {
    const acmeCompany = { id: '7d0c2d6e-3f7b-4b8e-9b8a-2f3c4d5e6f70', name: 'Acme Retail GmbH' };
    let rules = [rule()];
    const api = fakeApi({
      'GET /api/workspaces/get': ok([acme, beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
      'GET /api/companies': ok({ companies: [acmeCompany] }),
      'GET /api/alert-rules': () => ok(result(rules)),
      'POST /api/alert-rules': (call) => {
        rules = [...rules, rule({ id: '0b7c1e2a-0000-4000-8000-0000000000a2', ...(call.body as object) })];
        return ok(rules.at(-1));
      },
    });
    renderRoutes(appRoutes, '/workspace-settings/alerts');
    await screen.findByTestId('alert-rule-row');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add alert rule' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Acme only');
    await userEvent.click(await within(dialog).findByPlaceholderText('Choose companies'));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Retail GmbH' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));

    await waitFor(() => expect(api.callsTo('POST /api/alert-rules')).toHaveLength(1));
    expect(api.callsTo('POST /api/alert-rules')[0]!.body).toMatchObject({
      filters: { companies: [acmeCompany.id] },
    });
    await waitFor(() => expect(screen.getAllByTestId('alert-rule-row')).toHaveLength(2));
    expect(screen.getAllByTestId('alert-rule-row')[1]).toHaveTextContent('Only naming Acme Retail GmbH');
  });

  it('narrows a rule by custom fields, each entered by its type, and describes them in the list', async () => {
    const fields = [
      {
        id: 'f0000000-0000-4000-8000-000000000001',
        name: 'Project',
        type: 'text',
        choices: [],
        required: false,
        position: 0,
      },
      {
        id: 'f0000000-0000-4000-8000-000000000002',
        name: 'Priority',
        type: 'choice',
        choices: ['Low', 'High', 'Urgent'],
        required: false,
        position: 1,
      },
      {
        id: 'f0000000-0000-4000-8000-000000000003',
        name: 'Pallets',
        type: 'number',
        choices: [],
        required: false,
        position: 2,
      },
    ];
    let rules = [rule()];
    const api = fakeApi({
      'GET /api/workspaces/get': ok([acme, beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
      'GET /api/custom-fields': ok({ fields }),
      'GET /api/alert-rules': () => ok(result(rules)),
      'POST /api/alert-rules': (call) => {
        rules = [...rules, rule({ id: '0b7c1e2a-0000-4000-8000-0000000000a2', ...(call.body as object) })];
        return ok(rules.at(-1));
      },
    });
    renderRoutes(appRoutes, '/workspace-settings/alerts');
    await screen.findByTestId('alert-rule-row');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add alert rule' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Alpha urgent');
    const add = await within(dialog).findByRole('button', { name: 'Add a custom field filter' });
    await userEvent.click(add);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Project is/ }), 'Alpha');
    // An empty filter is not sent: the form asks for its value.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a custom field filter' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Give each custom field filter a value, or remove it.',
    );
    await userEvent.click(await within(dialog).findByPlaceholderText('Choose'));
    await userEvent.click(await screen.findByRole('option', { name: 'Urgent' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a custom field filter' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Pallets at least' }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));

    await waitFor(() => expect(api.callsTo('POST /api/alert-rules')).toHaveLength(1));
    expect(api.callsTo('POST /api/alert-rules')[0]!.body).toMatchObject({
      filters: {
        customFields: [
          { fieldId: fields[0]!.id, value: 'Alpha' },
          { fieldId: fields[1]!.id, value: 'Urgent' },
          { fieldId: fields[2]!.id, value: '10..' },
        ],
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('alert-rule-row')).toHaveLength(2));
    expect(screen.getAllByTestId('alert-rule-row')[1]).toHaveTextContent(
      'Only Project is “Alpha”, Priority is Urgent, Pallets at least 10',
    );
  });

  it('shows a rule whose custom field was deleted as matching nothing, and asks to remove the filter', async () => {
    const gone = rule({
      filters: {
        ...rule().filters,
        customFields: [{ fieldId: 'f0000000-0000-4000-8000-0000000000ff', value: 'Alpha' }],
      },
    });
    const api = fakeApi({
      'GET /api/workspaces/get': ok([acme, beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
      'GET /api/custom-fields': ok({ fields: [] }),
      'GET /api/alert-rules': () => ok(result([gone])),
      'PUT /api/alert-rules/0b7c1e2a-0000-4000-8000-0000000000a1': (call) => ok(rule(call.body as object)),
    });
    renderRoutes(appRoutes, '/workspace-settings/alerts');
    expect(await screen.findByTestId('rule-deleted-field')).toHaveTextContent(
      'Filters on a deleted custom field: matches nothing',
    );
    await userEvent.click(screen.getByRole('button', { name: `More for ${gone.name}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('custom-field-filter')).toHaveTextContent(
      'A filter on a deleted custom field: this rule matches no shipment until you remove it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Remove the filter on a deleted custom field first.'),
    ).toBeVisible();
    expect(api.callsTo('PUT /api/alert-rules/0b7c1e2a-0000-4000-8000-0000000000a1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove the Deleted field filter' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/alert-rules/0b7c1e2a-0000-4000-8000-0000000000a1')[0]!.body).toMatchObject(
        {
          filters: { customFields: [] },
        },
      ),
    );
  });

  it('tells a view-only member why they cannot set up rules, without asking the server', async () => {
    const api = fakeApi({
      'GET /api/workspaces/get': ok([beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
    });
    renderRoutes(appRoutes, '/workspace-settings/alerts');
    expect(await screen.findByText('You cannot set up alert rules here')).toBeInTheDocument();
    expect(api.callsTo('GET /api/alert-rules')).toHaveLength(0);
  });

  it('says what happened when the server refuses the rules (permissions changed meanwhile)', async () => {
    fakeApi({
      'GET /api/workspaces/get': ok([acme, beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
      'GET /api/alert-rules': fail(
        403,
        'FORBIDDEN',
        'Only company admins and members who may add shipments can set up alert rules. Ask a company admin.',
      ),
    });
    renderRoutes(appRoutes, '/workspace-settings/alerts');
    expect(await screen.findByText('Could not load the alert rules')).toBeInTheDocument();
    expect(screen.getByText(/members who may add shipments can set up alert rules/)).toBeInTheDocument();
  });
});

describe('merged (combined) free time', () => {
  it('is chosen in the terms form: one pool, sent beside the clocks’ own terms', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(<TermsForm initial={BUILT_IN_TERMS} submitLabel="Save" onSubmit={onSubmit} />);
    const user = userEvent.setup();

    expect(screen.getByRole('group', { name: 'Demurrage' })).toBeInTheDocument();
    await user.click(screen.getByText('Combined (merged D&D)'));
    expect(screen.queryByRole('group', { name: 'Demurrage' })).not.toBeInTheDocument();
    const pool = screen.getByRole('group', { name: 'Combined free time' });
    const days = within(pool).getByRole('textbox', { name: 'Free days' });
    await user.clear(days);
    await user.type(days, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      {
        ...BUILT_IN_TERMS,
        combined: { ...BUILT_IN_TERMS.demurrage, freeDays: 10 },
      },
      null,
    );
  });

  it('shows both clocks ending on the pool’s last free day on the detail', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
    const freeTime: ShipmentFreeTime = {
      terms: { ...BUILT_IN_TERMS, combined: { ...BUILT_IN_TERMS.demurrage, freeDays: 10 } },
      source: 'workspace',
      timeZone: 'UTC',
      milestones: {
        discharged: '2026-11-10T08:00:00.000Z',
        fullGateOut: '2026-11-14T08:00:00.000Z',
        emptyReturned: null,
        carrierLastFreeDay: null,
      },
    };
    fakeApi({ 'GET /api/shipments/ocean/s-1/free-time': ok(freeTime) });
    try {
      renderWithProviders(<FreeTimeClocks shipmentId="s-1" canChange={false} />);
      const detention = await screen.findByTestId('clock-detention');
      // Ten days from the 10th: the 19th, 4 days left, whichever side of the gate the box is.
      expect(detention).toHaveTextContent('4 days left');
      expect(detention).toHaveTextContent('Last free day 19/11/2026');
      expect(screen.getByTestId('clock-demurrage')).toHaveTextContent('Last free day 19/11/2026');
      expect(screen.getByText(/combined free time: one pool from discharge to empty return/)).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a shipment’s demurrage and detention clocks', () => {
  it('counts days over and the cost so far in the port’s calendar, and prices a chosen return day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
    const freeTime: ShipmentFreeTime = {
      terms: BUILT_IN_TERMS,
      source: 'built_in',
      timeZone: 'UTC',
      milestones: {
        discharged: '2026-11-10T08:00:00.000Z',
        fullGateOut: null,
        emptyReturned: null,
        carrierLastFreeDay: null,
      },
    };
    fakeApi({ 'GET /api/shipments/ocean/s-1/free-time': ok(freeTime) });
    try {
      renderWithProviders(<FreeTimeClocks shipmentId="s-1" canChange={false} />);
      const demurrage = await screen.findByTestId('clock-demurrage');
      // 4 free days (10th to 13th): 7 days over, 4 at 75 and 3 at 150.
      expect(demurrage).toHaveTextContent('7 days over');
      expect(demurrage).toHaveTextContent('Last free day 13/11/2026 (tariff) · USD 750 so far');
      expect(screen.getByTestId('clock-detention')).toHaveTextContent('Not started');
      expect(screen.getByTestId('dd-cost-so-far')).toHaveTextContent('USD 750');
      expect(screen.queryByRole('button', { name: 'Terms' })).not.toBeInTheDocument();

      await userEvent.type(screen.getByLabelText('If returned empty on'), '2026-11-22');
      // Picked up and returned on the 22nd: 9 days over (300 + 600 + 250).
      expect(await screen.findByTestId('dd-projected')).toHaveTextContent('Total USD 1,150');
    } finally {
      vi.useRealTimers();
    }
  });
});
