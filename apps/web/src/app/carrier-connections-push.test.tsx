import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CarrierConnection } from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../test/fake-api';
import { renderRoutes } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { appRoutes } from './router';
import { PAGE, ID, connection, adminRoutes } from '../test/carrier-connections-page';

setUpSignedInPage();

describe('/workspace-settings/carrier-connections', () => {
  it('sets up push from the dialog: the carrier’s subscriptions endpoint, then the callback URL to check', async () => {
    let list: CarrierConnection[] = [];
    const pushing = connection({
      delivery: 'push',
      push: {
        ...connection().push,
        subscriptionsUrl: 'https://api.maersk.com/track-and-trace-private/event-subscriptions',
      },
    });
    const api = fakeApi({
      ...adminRoutes(),
      'GET /api/carrier-connections': () => ok(list),
      'POST /api/carrier-connections': () => {
        list = [pushing];
        return ok(pushing);
      },
      [`PATCH /api/carrier-connections/${ID}`]: (call) => {
        list = [connection({ delivery: (call.body as { delivery: 'poll' | 'push' }).delivery })];
        return ok(list[0]);
      },
    });
    renderRoutes(appRoutes, PAGE);
    await screen.findByText('No carrier connections yet');
    await userEvent.click(screen.getByRole('button', { name: 'Add connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add carrier connection' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Carrier' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Maersk (MAEU)' }));
    expect(within(dialog).getByRole('radio', { name: /^Poll/ })).toBeChecked();
    expect(within(dialog).queryByLabelText(/Event-subscriptions endpoint/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Push/ }));
    expect(within(dialog).getByLabelText(/Event-subscriptions endpoint/)).toHaveAccessibleDescription(
      'Leave empty to use https://api.maersk.com/track-and-trace-private/event-subscriptions',
    );
    expect(within(dialog).getByText(/shown here once the connection is added/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Header 1 value'), 'my-consumer-key-1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add connection' }));
    await waitFor(() => expect(api.callsTo('POST /api/carrier-connections')).toHaveLength(1));
    expect(api.callsTo('POST /api/carrier-connections')[0]!.body).toMatchObject({
      carrier: 'MAEU',
      delivery: 'push',
    });
    expect(api.callsTo('POST /api/carrier-connections')[0]!.body).not.toHaveProperty('subscriptionsUrl');

    // The page shows how events arrive, and the address the carrier must reach.
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    const card = await screen.findByTestId('carrier-connection');
    expect(card).toHaveTextContent('Push · 0 subscribed');
    expect(within(card).getByTestId('callback-url')).toHaveTextContent(pushing.push.callbackUrl);
    expect(
      within(card).getByRole('button', { name: `Copy callback URL ${pushing.push.callbackUrl}` }),
    ).toBeVisible();

    // Editing shows the callback URL, and back to polling.
    await userEvent.click(screen.getByRole('button', { name: /^More for Maersk/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit carrier connection' });
    expect(within(edit).getByRole('radio', { name: /^Push/ })).toBeChecked();
    expect(within(edit).getByTestId('callback-url')).toHaveTextContent(pushing.push.callbackUrl);
    expect(within(edit).getByLabelText(/Event-subscriptions endpoint/)).toHaveValue('');
    await userEvent.click(within(edit).getByRole('radio', { name: /^Poll/ }));
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PATCH /api/carrier-connections/${ID}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /api/carrier-connections/${ID}`)[0]!.body).toMatchObject({ delivery: 'poll' });
    expect(api.callsTo(`PATCH /api/carrier-connections/${ID}`)[0]!.body).not.toHaveProperty(
      'subscriptionsUrl',
    );
    await waitFor(() => expect(screen.getByTestId('carrier-connection')).toHaveTextContent('DeliveryPoll'));
  });

  it('shows push health: subscriptions by state, the last callback and why the carrier refused some', async () => {
    fakeApi({
      ...adminRoutes(),
      'GET /api/carrier-connections': ok([
        connection({
          delivery: 'push',
          push: {
            ...connection().push,
            subscriptionsUrl: 'https://api.maersk.com/track-and-trace-private/event-subscriptions',
            subscribed: 12,
            pending: 3,
            failing: 1,
            lastError: 'the carrier refused the subscription (HTTP 400: callbackUrl must be https)',
            lastCallbackAt: '2026-03-02T09:30:00.000Z',
          },
        }),
      ]),
    });
    renderRoutes(appRoutes, PAGE);
    const card = await screen.findByTestId('carrier-connection');
    expect(card).toHaveTextContent('Push · 12 subscribed · 3 pending · 1 failing');
    expect(card).toHaveTextContent(/Last callback\s*02\/03\/2026/);
    expect(within(card).getByRole('status')).toHaveTextContent(
      'Subscriptions refused: The carrier refused the subscription (HTTP 400: callbackUrl must be https)',
    );
  });
});
