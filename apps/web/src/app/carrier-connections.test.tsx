import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CarrierConnection } from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { describe, expect, it } from 'vitest';
import { useConnections } from '../features/carrier-connections/api/carrier-connections';
import { fail as refuse, fakeApi, ok } from '../test/fake-api';
import { FakeWebSocket } from '../test/fake-web-socket';
import { beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes, TestProviders } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { appRoutes } from './router';
import { useLiveUpdates } from './use-live-updates';
import { PAGE, ID, connection, adminRoutes } from '../test/carrier-connections-page';

setUpSignedInPage();

describe('/workspace-settings/carrier-connections', () => {
  it('shows each connection with health and budget, and never more of a secret than its last four', async () => {
    fakeApi({
      ...adminRoutes(),
      'GET /api/carrier-connections': ok([
        connection(),
        connection({
          id: '0b7c1e2a-0000-4000-8000-0000000000c2',
          carrier: 'HLCU',
          label: '',
          baseUrl: 'https://api.hlag.com/hlag/external/v2/events',
          auth: {
            type: 'oauth2-client-credentials',
            tokenUrl: 'https://auth.example/token',
            scope: null,
            clientIdLast4: 'ab12',
            clientSecretLast4: 'cd34',
          },
          health: {
            ...connection().health,
            lastSuccessAt: null,
            lastErrorAt: '2026-03-02T09:00:00.000Z',
            lastErrorClass: 'wrong_credentials',
            lastErrorMessage: "the carrier connection's credentials were refused (HTTP 401)",
            failingSince: '2026-03-01T09:00:00.000Z',
          },
        }),
      ]),
    });
    renderRoutes(appRoutes, PAGE);
    const cards = await screen.findAllByTestId('carrier-connection');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Maersk (MAEU) · Main account');
    expect(cards[0]).toHaveTextContent('Working');
    expect(cards[0]).toHaveTextContent('Consumer-Key ••••x9Qz');
    expect(cards[0]).toHaveTextContent('37 of 100');
    expect(cards[1]).toHaveTextContent('Hapag-Lloyd (HLCU)');
    expect(cards[1]).toHaveTextContent('Failing');
    expect(cards[1]).toHaveTextContent('Wrong credentials');
    expect(cards[1]).toHaveTextContent('credentials were refused (HTTP 401)');
  });

  it('shows the empty state, and an error with a retry', async () => {
    let fail = true;
    fakeApi({
      ...adminRoutes(),
      'GET /api/carrier-connections': () => (fail ? refuse(500, 'INTERNAL', 'Down') : ok([])),
    });
    renderRoutes(appRoutes, PAGE);
    expect(await screen.findByText('Could not load the carrier connections')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('No carrier connections yet')).toBeInTheDocument();
  });

  it('adds a connection from a preset, then tests it and says it works', async () => {
    let list: CarrierConnection[] = [];
    const api = fakeApi({
      ...adminRoutes(),
      'GET /api/carrier-connections': () => ok(list),
      'POST /api/carrier-connections': () => {
        list = [connection({ health: { ...connection().health, lastSuccessAt: null, callsToday: 0 } })];
        return ok(list[0]);
      },
      [`POST /api/carrier-connections/${ID}/test`]: ok({
        outcome: 'works',
        message: 'The carrier answered with 3 events for MSKU1234565.',
        events: 3,
      }),
    });
    renderRoutes(appRoutes, PAGE);
    await screen.findByText('No carrier connections yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add carrier connection' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Carrier' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Maersk (MAEU)' }));
    expect(within(dialog).getByText(/developer\.maersk\.com/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Events endpoint/)).toHaveValue(
      'https://api.maersk.com/track-and-trace-private/events',
    );
    expect(within(dialog).getByLabelText('Header 1 name')).toHaveValue('Consumer-Key');
    await userEvent.type(within(dialog).getByLabelText('Header 1 value'), 'my-consumer-key-1234');
    await userEvent.type(within(dialog).getByLabelText(/^Label/), 'Main account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add connection' }));

    await waitFor(() => expect(api.callsTo('POST /api/carrier-connections')).toHaveLength(1));
    expect(api.callsTo('POST /api/carrier-connections')[0]!.body).toEqual({
      carrier: 'MAEU',
      baseUrl: 'https://api.maersk.com/track-and-trace-private/events',
      label: 'Main account',
      enabled: true,
      perMinute: 10,
      perDay: 100,
      auth: { type: 'headers', headers: { 'Consumer-Key': 'my-consumer-key-1234' } },
    });
    // Straight on to the test.
    const test = await screen.findByRole('dialog', { name: 'Test Maersk (MAEU) · Main account' });
    await userEvent.type(within(test).getByLabelText(/Container or bill of lading/), 'MSKU1234565');
    await userEvent.click(within(test).getByRole('button', { name: 'Test connection' }));
    expect(await within(test).findByTestId('test-outcome')).toHaveTextContent(
      'WorksThe carrier answered with 3 events for MSKU1234565.',
    );
    expect(api.callsTo(`POST /api/carrier-connections/${ID}/test`)[0]!.body).toEqual({
      reference: 'MSKU1234565',
    });
    expect(document.body).not.toHaveTextContent('my-consumer-key-1234');
  });

  it('switches the form to OAuth2 fields and shows a refusal in words', async () => {
    const api = fakeApi({
      ...adminRoutes(),
      'GET /api/carrier-connections': ok([]),
      'POST /api/carrier-connections': refuse(400, 'VALIDATION', 'Enter the token URL as an https URL'),
    });
    renderRoutes(appRoutes, PAGE);
    await screen.findByText('No carrier connections yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add carrier connection' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Carrier' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Other DCSA 2.2 endpoint' }));
    await userEvent.type(within(dialog).getByLabelText(/^SCAC/), 'zzzz');
    await userEvent.type(within(dialog).getByLabelText(/Events endpoint/), 'https://dcsa.example/v2/events');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Authentication' }));
    await userEvent.click(await screen.findByRole('option', { name: 'OAuth2 client credentials' }));
    expect(within(dialog).queryByLabelText('Header 1 name')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Token URL/), 'http://auth.example/token');
    await userEvent.type(within(dialog).getByLabelText(/^Client ID/), 'client-1');
    await userEvent.type(within(dialog).getByLabelText(/^Client secret/), 'secret-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add connection' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter the token URL as an https URL');
    expect(api.callsTo('POST /api/carrier-connections')[0]!.body).toMatchObject({
      carrier: 'ZZZZ',
      auth: {
        type: 'oauth2-client-credentials',
        tokenUrl: 'http://auth.example/token',
        clientId: 'client-1',
        clientSecret: 'secret-1',
      },
    });
  });

  it('adds an APM Terminals connection with its terminals instead of a SCAC, and tests it with a container', async () => {
    let list: CarrierConnection[] = [];
    const apmt = (): CarrierConnection =>
      connection({
        carrier: 'APMT',
        kind: 'apmt-import-availability',
        baseUrl: 'https://api.apmterminals.com/import-availability',
        label: '',
        terminals: ['USLAX', 'USNWK'],
        auth: {
          type: 'oauth2-client-credentials',
          tokenUrl:
            'https://api.apmterminals.com/oauth/client_credential/accesstoken?grant_type=client_credentials',
          scope: null,
          clientIdLast4: 'y123',
          clientSecretLast4: 't456',
        },
      });
    const api = fakeApi({
      ...adminRoutes(),
      'GET /api/carrier-connections': () => ok(list),
      'POST /api/carrier-connections': () => {
        list = [apmt()];
        return ok(list[0]);
      },
      [`POST /api/carrier-connections/${ID}/test`]: ok({
        outcome: 'not_dcsa',
        message: "the terminal's answer is not APM Terminals Import Availability (containerId: is missing)",
        events: 0,
      }),
    });
    renderRoutes(appRoutes, PAGE);
    await screen.findByText('No carrier connections yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add carrier connection' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Carrier' }));
    await userEvent.click(await screen.findByRole('option', { name: 'APM Terminals' }));
    expect(within(dialog).queryByLabelText(/^SCAC/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Availability endpoint/)).toHaveValue(
      'https://api.apmterminals.com/import-availability',
    );
    expect(within(dialog).getByLabelText(/^Token URL/)).toHaveValue(
      'https://api.apmterminals.com/oauth/client_credential/accesstoken?grant_type=client_credentials',
    );
    // Without a terminal there is nothing to ask.
    await userEvent.type(within(dialog).getByLabelText(/^Client ID/), 'consumer-key-y123');
    await userEvent.type(within(dialog).getByLabelText(/^Client secret/), 'consumer-secret-t456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add connection' }));
    expect(await within(dialog).findByText('Choose at least one terminal')).toHaveAttribute('role', 'alert');
    // The MultiSelect's text box (its hidden input bears the same label).
    const terminalsBox = within(dialog)
      .getAllByLabelText(/^Terminals/)
      .find((el) => el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'hidden')!;
    await userEvent.click(terminalsBox);
    await userEvent.click(await screen.findByRole('option', { name: 'Los Angeles (Pier 400) (USLAX)' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Port Elizabeth (USNWK)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add connection' }));

    await waitFor(() => expect(api.callsTo('POST /api/carrier-connections')).toHaveLength(1));
    expect(api.callsTo('POST /api/carrier-connections')[0]!.body).toEqual({
      kind: 'apmt-import-availability',
      terminals: ['USLAX', 'USNWK'],
      baseUrl: 'https://api.apmterminals.com/import-availability',
      label: '',
      enabled: true,
      perMinute: 10,
      perDay: 100,
      auth: {
        type: 'oauth2-client-credentials',
        tokenUrl:
          'https://api.apmterminals.com/oauth/client_credential/accesstoken?grant_type=client_credentials',
        clientId: 'consumer-key-y123',
        clientSecret: 'consumer-secret-t456',
      },
    });
    const test = await screen.findByRole('dialog', { name: 'Test APM Terminals' });
    await userEvent.type(within(test).getByLabelText(/^Container/), 'MSKU1234565');
    await userEvent.click(within(test).getByRole('button', { name: 'Test connection' }));
    // A terminal's answer is not DCSA's: the outcome says so in its own words.
    expect(await within(test).findByTestId('test-outcome')).toHaveTextContent(
      'Answer not in the terminal API’s format',
    );
    await userEvent.click(within(test).getByRole('button', { name: 'Close' }));
    const card = await screen.findByTestId('carrier-connection');
    expect(card).toHaveTextContent('TerminalsLos Angeles (Pier 400) (USLAX), Port Elizabeth (USNWK)');
  });

  it('edits without resending a secret left empty, disables and deletes after confirmation', async () => {
    let list = [connection()];
    const api = fakeApi({
      ...adminRoutes(),
      'GET /api/carrier-connections': () => ok(list),
      [`PATCH /api/carrier-connections/${ID}`]: (call) => {
        const body = call.body as { enabled?: boolean; label?: string };
        list = [
          connection({
            ...(body.label === undefined ? {} : { label: body.label }),
            enabled: body.enabled ?? true,
          }),
        ];
        return ok(list[0]);
      },
      [`DELETE /api/carrier-connections/${ID}`]: () => {
        list = [];
        return ok(null);
      },
    });
    renderRoutes(appRoutes, PAGE);
    await userEvent.click(
      await screen.findByRole('button', { name: 'More for Maersk (MAEU) · Main account' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit carrier connection' });
    expect(within(dialog).getByLabelText('Header 1 value')).toHaveAttribute(
      'placeholder',
      'Saved, ending in x9Qz: leave empty to keep',
    );
    const label = within(dialog).getByLabelText(/^Label/);
    await userEvent.clear(label);
    await userEvent.type(label, 'Renamed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PATCH /api/carrier-connections/${ID}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /api/carrier-connections/${ID}`)[0]!.body).toMatchObject({
      label: 'Renamed',
      auth: { type: 'headers', headers: { 'Consumer-Key': null } },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'More for Maersk (MAEU) · Renamed' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    await waitFor(() => expect(screen.getByTestId('carrier-connection')).toHaveTextContent('Disabled'));
    expect(api.callsTo(`PATCH /api/carrier-connections/${ID}`)[1]!.body).toEqual({ enabled: false });

    await userEvent.click(screen.getByRole('button', { name: /^More for Maersk/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete carrier connection?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete connection' }));
    expect(await screen.findByText('No carrier connections yet')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/carrier-connections/${ID}`)).toHaveLength(1);
  });

  it('is refused to general users without asking the server', async () => {
    const api = fakeApi({
      'GET /api/workspaces/get': ok([beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
    });
    renderRoutes(appRoutes, PAGE);
    expect(await screen.findByText('Only company admins can manage carrier connections')).toBeInTheDocument();
    expect(api.callsTo('GET /api/carrier-connections')).toHaveLength(0);
  });
});

describe('live updates of carrier connections', () => {
  it('refetch the list when another admin changes a connection', async () => {
    const api = fakeApi({
      'GET /api/workspaces/invite/list': ok([]),
      'GET /api/carrier-connections': ok([]),
    });
    function Page() {
      useLiveUpdates('u-1');
      useConnections();
      return null;
    }
    render(<Page />, { wrapper: TestProviders });
    await waitFor(() => expect(api.callsTo('GET /api/carrier-connections')).toHaveLength(1));
    act(() => FakeWebSocket.latest().open());
    act(() => FakeWebSocket.latest().receive({ type: 'carrierConnections.changed' }));
    await waitFor(() => expect(api.callsTo('GET /api/carrier-connections')).toHaveLength(2));
  });
});
