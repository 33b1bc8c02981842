import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { IntakeLogEntry, IntakeSettings } from '@tracklane/shared/email-intake/email-intake.schema';
import { invalidateWorkspaceViews } from '../lib/live-invalidation';
import { testApp } from '../test/app';
import { fail, fakeApi, ok, type RecordedCall } from '../test/fake-api';
import { renderRoutes } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { EmailIntakePage } from './pages/email-intake-page';

setUpSignedInPage();

const renderPage = () =>
  renderRoutes(
    [{ path: '/workspace-settings/email-intake', element: <EmailIntakePage /> }],
    '/workspace-settings/email-intake',
  );

const ADDRESS = 'track+0123456789abcdef0123456789abcdef@in.tracklane.example';
const NEW_ADDRESS = 'track+fedcba9876543210fedcba9876543210@in.tracklane.example';
const OCEAN_ID = '7d1f3a52-0b6c-4b8e-9f3a-1c2d3e4f5a61';
const PARCEL_ID = '7d1f3a52-0b6c-4b8e-9f3a-1c2d3e4f5a62';

const booking: IntakeLogEntry = {
  id: 'l-1',
  sender: 'ops@acme.example',
  subject: 'Booking Confirmation 241100123',
  createdAt: '2026-11-20T09:30:00.000Z',
  rows: [
    {
      mode: 'ocean',
      number: 'MSKU1234565',
      outcome: 'created',
      message: null,
      shipmentId: OCEAN_ID,
      reference: 'MAEU241100123',
    },
    {
      mode: 'express',
      number: '1Z5R89390357567127',
      outcome: 'already_tracked',
      message: null,
      shipmentId: PARCEL_ID,
      reference: null,
    },
    {
      mode: 'ocean',
      number: 'MSKU1234566',
      outcome: 'refused',
      message: 'The check digit is wrong',
      shipmentId: null,
      reference: null,
    },
  ],
};
const empty: IntakeLogEntry = {
  id: 'l-2',
  sender: 'ops@acme.example',
  subject: 'Lunch',
  createdAt: '2026-11-19T12:00:00.000Z',
  rows: [],
};

const settings = (over: Partial<IntakeSettings> = {}): IntakeSettings => ({
  enabled: true,
  canManage: true,
  address: ADDRESS,
  allowedSenders: ['bookings@forwarder.example'],
  droppedCount: 3,
  log: [booking, empty],
  logTotal: 2,
  ...over,
});

/** A server keeping the settings as the API does: senders replaced by PUT, the address by rotate. */
function serve(initial: IntakeSettings) {
  let state = initial;
  return fakeApi({
    'GET /api/email-intake': () => ok(state),
    'PUT /api/email-intake/senders': (call: RecordedCall) => {
      state = { ...state, allowedSenders: (call.body as { emails: string[] }).emails };
      return ok(state, 'Allowed senders saved');
    },
    'POST /api/email-intake/rotate': () => {
      state = { ...state, address: NEW_ADDRESS };
      return ok(state, 'New intake address');
    },
  });
}

const asRole = (role: 'company_admin' | 'general_user') =>
  testApp().workspaceStore.setState({
    currentOrganization: { organizationId: 'o-1', organizationName: 'Acme', role, shipmentPermission: 3 },
    currentWorkspace: { workspaceId: 'w-1', name: 'Ops', isDefault: true },
  });

const senders = () =>
  within(screen.getByRole('list', { name: 'Allowed senders' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the e-mail intake page', () => {
  beforeEach(() => asRole('company_admin'));

  it('shows the address to copy, the allowed senders, the dropped count and what each message added', async () => {
    serve(settings());
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByTestId('intake-address')).toHaveTextContent(ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(ADDRESS);
    expect(screen.getByRole('button', { name: 'Address copied' })).toBeInTheDocument();

    expect(screen.getByRole('region', { name: 'Allowed senders' })).toBeInTheDocument();
    expect(senders()).toEqual(['bookings@forwarder.example']);
    expect(screen.getByTestId('intake-dropped')).toHaveTextContent(
      '3 messages from other senders were dropped without a reply.',
    );

    const messages = screen.getByRole('list', { name: 'Received messages' });
    const [first, second] = within(messages).getAllByRole('listitem', { name: /Booking|Lunch/ });
    expect(first).toHaveTextContent('From ops@acme.example');
    expect(within(first!).getByTestId('intake-outcome-summary')).toHaveTextContent(
      '1 added · 1 already tracked · 1 not added',
    );
    expect(within(first!).getByRole('link', { name: 'MSKU1234565' })).toHaveAttribute(
      'href',
      '/shipment/ocean/MSKU1234565/MAEU241100123',
    );
    expect(within(first!).getByRole('link', { name: '1Z5R89390357567127' })).toHaveAttribute(
      'href',
      `/shipment/truck/express/${PARCEL_ID}/1Z5R89390357567127`,
    );
    // A refused number has no page; its reason shows.
    expect(within(first!).queryByRole('link', { name: 'MSKU1234566' })).toBeNull();
    expect(first).toHaveTextContent('The check digit is wrong');
    expect(within(second!).getByTestId('intake-outcome-summary')).toHaveTextContent('No numbers found');
    expect(screen.getByText('2 in all')).toBeInTheDocument();
  });

  it('allows a sender after checking the address, and removes one', async () => {
    const api = serve(settings());
    const user = userEvent.setup();
    renderPage();
    const input = await screen.findByRole('textbox', { name: 'E-mail address' });

    await user.type(input, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(
      await screen.findByText('Enter an e-mail address, such as ops@forwarder.com.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/email-intake/senders')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'Bookings@Forwarder.example{Enter}');
    expect(await screen.findByText('That address is already allowed.')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'Notify@Carrier.example{Enter}');
    await waitFor(() => expect(senders()).toEqual(['bookings@forwarder.example', 'notify@carrier.example']));
    expect(api.callsTo('PUT /api/email-intake/senders')[0]?.body).toEqual({
      emails: ['bookings@forwarder.example', 'notify@carrier.example'],
    });
    expect(input).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove bookings@forwarder.example' }));
    await waitFor(() => expect(senders()).toEqual(['notify@carrier.example']));
    expect(api.callsTo('PUT /api/email-intake/senders')[1]?.body).toEqual({
      emails: ['notify@carrier.example'],
    });
  });

  it('shows the server’s refusal of a sender in its words', async () => {
    fakeApi({
      'GET /api/email-intake': ok(settings()),
      'PUT /api/email-intake/senders': fail(403, 'FORBIDDEN', 'Only company admins can do this.'),
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail address' }), 'a@b.example{Enter}');
    expect(await screen.findByText('Only company admins can do this.')).toBeInTheDocument();
  });

  it('replaces the address only after a warning that the old one stops working', async () => {
    const api = serve(settings());
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the intake address?' });
    expect(dialog).toHaveTextContent('The current address stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /api/email-intake/rotate')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'New address' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Replace the intake address?' })).getByRole('button', {
        name: 'Replace address',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('intake-address')).toHaveTextContent(NEW_ADDRESS));
    expect(api.callsTo('POST /api/email-intake/rotate')).toHaveLength(1);
  });

  it('lets a member read the address and the log, with nothing to change', async () => {
    asRole('general_user');
    serve(settings({ canManage: false, allowedSenders: [], droppedCount: 0 }));
    renderPage();
    expect(await screen.findByTestId('intake-address')).toHaveTextContent(ADDRESS);
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New address' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Allowed senders' })).toBeNull();
    expect(screen.queryByTestId('intake-dropped')).toBeNull();
    expect(screen.getByRole('list', { name: 'Received messages' })).toBeInTheDocument();
  });

  it('explains to an admin what to set when intake is off, and tells a member whom to ask', async () => {
    const off = settings({
      enabled: false,
      address: null,
      allowedSenders: [],
      droppedCount: 0,
      log: [],
      logTotal: 0,
    });
    serve(off);
    const first = renderPage();
    const alert = await screen.findByTestId('email-intake-off');
    expect(alert).toHaveTextContent('E-mail intake is not set up on this server');
    expect(alert).toHaveTextContent('INBOUND_EMAIL_DOMAIN');
    expect(alert).toHaveTextContent('INBOUND_SMTP_PORT');
    expect(screen.queryByTestId('intake-address')).toBeNull();
    first.unmount();

    testApp().queryClient.clear();
    asRole('general_user');
    serve({ ...off, canManage: false });
    renderPage();
    const told = await screen.findByTestId('email-intake-off');
    expect(told).toHaveTextContent('Ask a company admin');
    expect(told).not.toHaveTextContent('INBOUND_EMAIL_DOMAIN');
  });

  it('says when nothing was received yet, and offers a retry when it cannot load', async () => {
    const api = fakeApi({
      'GET /api/email-intake': fail(404, 'NOT_FOUND', 'Workspace not found.'),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('E-mail intake could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Workspace not found.')).toBeInTheDocument();
    api.route('GET /api/email-intake', ok(settings({ log: [], logTotal: 0, allowedSenders: [] })));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('intake-log-empty')).toHaveTextContent('No messages received yet.');
    expect(screen.getByTestId('intake-senders-empty')).toBeInTheDocument();
  });

  it('loads older messages on request', async () => {
    const older = Array.from({ length: 20 }, (_, i) => ({
      ...empty,
      id: `o-${String(i)}`,
      subject: `Old ${String(i)}`,
    }));
    const api = fakeApi({
      'GET /api/email-intake': (call: RecordedCall) =>
        ok(
          call.query.log === '40'
            ? settings({ log: [booking, ...older, empty], logTotal: 22 })
            : settings({ log: [booking, ...older.slice(0, 19)], logTotal: 22 }),
        ),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Latest 20 of 22')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older messages' }));
    expect(await screen.findByText('22 in all')).toBeInTheDocument();
    expect(api.callsTo('GET /api/email-intake').at(-1)?.query).toEqual({ log: '40' });
    expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();
  });

  it('shows a message that arrives while the page is open (a live workspace nudge)', async () => {
    const api = serve(settings({ log: [], logTotal: 0 }));
    renderPage();
    expect(await screen.findByTestId('intake-log-empty')).toBeInTheDocument();
    api.route('GET /api/email-intake', ok(settings()));
    await invalidateWorkspaceViews(testApp().queryClient);
    expect(await screen.findByText('Booking Confirmation 241100123')).toBeInTheDocument();
  });
});
