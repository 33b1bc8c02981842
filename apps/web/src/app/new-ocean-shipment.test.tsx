import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OceanIntakeOutcome } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import { beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { appRoutes } from './router';
import { created, serve, type Item } from '../test/new-ocean-shipment-page';

setUpSignedInPage();

describe('new ocean shipment: one at a time', { timeout: 20_000 }, () => {
  it('checks the container number as it is typed, down to the check digit', async () => {
    serve();
    renderRoutes(appRoutes, '/new-shipments/ocean');
    const user = userEvent.setup();
    const container = await screen.findByRole('textbox', { name: /Container number/ });

    await user.type(container, 'MSCU123456');
    // Ten characters: nothing to say yet while the number is being typed.
    expect(screen.queryByText(/Check digit/)).not.toBeInTheDocument();
    await user.type(container, '7');
    expect(
      await screen.findByText('Check digit should be 6 for MSCU123456: please check the number'),
    ).toBeInTheDocument();
    expect(container).toHaveAttribute('aria-invalid', 'true');

    await user.clear(container);
    await user.type(container, 'mscu 123456-6');
    await waitFor(() => expect(screen.queryByText(/Check digit/)).not.toBeInTheDocument());
    expect(screen.getByLabelText('Valid container number')).toBeInTheDocument();
  });

  it('reads the carrier from the bill of lading, sends the normalised numbers and shows what happened', async () => {
    const api = serve({
      'POST /api/shipments/ocean': (call) => ok([created((call.body as { items: Item[] }).items[0]!)]),
    });
    const { router } = renderRoutes(appRoutes, '/new-shipments/create');
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: /Container number/ }), 'mscu1234566');
    await user.type(screen.getByRole('textbox', { name: /Master bill of lading/ }), 'medu-1234 5678');
    expect(screen.getByText('Detected: MSC')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Track shipment' }));

    expect(await screen.findByText('Now tracking MSCU1234566')).toBeInTheDocument();
    expect(api.callsTo('POST /api/shipments/ocean')[0]?.body).toEqual({
      items: [{ containerNo: 'MSCU1234566', mblNo: 'MEDU12345678', carrierScac: 'MSCU' }],
    });
    await user.click(screen.getByRole('link', { name: 'Open MSCU1234566' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment/ocean/MSCU1234566/MEDU12345678'),
    );
  });

  it('requires the carrier when the bill of lading does not tell it, and sends nothing until chosen', async () => {
    const api = serve({
      'POST /api/shipments/ocean': (call) => ok([created((call.body as { items: Item[] }).items[0]!)]),
    });
    renderRoutes(appRoutes, '/new-shipments/ocean');
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: /Container number/ }), 'TGHU1234567');
    await user.type(screen.getByRole('textbox', { name: /Master bill of lading/ }), 'ABCD998877');
    await user.click(screen.getByRole('button', { name: 'Track shipment' }));

    expect(
      await screen.findByText(
        'The carrier cannot be told from this bill of lading number: choose it from the list',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/shipments/ocean')).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: /Carrier/ }));
    await user.click(await screen.findByRole('option', { name: 'Hapag-Lloyd (HLCU)' }));
    await user.click(screen.getByRole('button', { name: 'Track shipment' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/shipments/ocean')[0]?.body).toEqual({
        items: [{ containerNo: 'TGHU1234567', mblNo: 'ABCD998877', carrierScac: 'HLCU' }],
      }),
    );
  });

  it('tells a view-only member they cannot add shipments, and shows no form', async () => {
    const api = fakeApi({
      'GET /api/workspaces/get': ok([beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
    });
    renderRoutes(appRoutes, '/new-shipments/ocean');

    expect(await screen.findByText('You can view shipments but not add them')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your access in this workspace is view only. Ask a company admin of Beta Logistics to let you create shipments.',
      ),
    ).toBeInTheDocument();
    // They can view: the list is open to them.
    expect(screen.getByRole('link', { name: 'Go to the shipment list' })).toHaveAttribute(
      'href',
      '/shipments/ocean/active',
    );
    expect(screen.queryByRole('textbox', { name: /Container number/ })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/shipments/ocean')).toHaveLength(0);
  });

  it('tells a member without shipment access what is true and whom to ask, with no link to a closed page', async () => {
    const noAccess = { ...beta, shipmentPermission: 2 };
    const api = fakeApi({
      'GET /api/workspaces/get': ok([noAccess]),
      'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
    });
    renderRoutes(appRoutes, '/new-shipments/create');

    expect(await screen.findByText('No access to shipments in this workspace')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'New ocean shipment' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your role here does not include shipments, so you can neither see nor add them. Ask a company admin of Beta Logistics for view or create access.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('You can view shipments but not add them')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('no-shipment-access')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('no-shipment-access')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Container number/ })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/shipments/ocean')).toHaveLength(0);
  });

  it('shows the server’s refusal when the permission changed meanwhile', async () => {
    serve({
      'POST /api/shipments/ocean': fail(
        403,
        'FORBIDDEN',
        'You can view shipments but not add them. Ask a company admin for permission.',
      ),
    });
    renderRoutes(appRoutes, '/new-shipments/ocean');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Container number/ }), 'MSCU1234566');
    await user.type(screen.getByRole('textbox', { name: /Master bill of lading/ }), 'MEDU12345678');
    await user.click(screen.getByRole('button', { name: 'Track shipment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You can view shipments but not add them.');
  });
});

describe('new ocean shipment: a bill of lading or a booking alone', { timeout: 20_000 }, () => {
  const BILL_ID = '00000000-0000-4000-8000-0000000000b1';
  const followed = (item: {
    mblNo?: string;
    bookingNo?: string;
    carrierScac?: string;
  }): OceanIntakeOutcome => ({
    kind: 'bill',
    containerNo: '',
    mblNo: item.mblNo ?? '',
    bookingNo: item.bookingNo ?? '',
    carrierScac: item.carrierScac ?? null,
    outcome: 'created',
    message: null,
    shipmentOverallId: null,
    billId: BILL_ID,
  });
  const answer = () =>
    serve({
      'POST /api/shipments/ocean': (call) =>
        ok([followed((call.body as { items: { mblNo?: string; bookingNo?: string }[] }).items[0]!)]),
    });

  it('follows a bill of lading alone: no container asked, the carrier read from it, its group linked', async () => {
    const api = answer();
    const { router } = renderRoutes(appRoutes, '/new-shipments/ocean');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('radio', { name: 'A bill of lading only' }));
    expect(screen.queryByRole('textbox', { name: /Container number/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(/asks the carrier which containers travel on this bill of lading/),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Master bill of lading/ }), 'medu 7788 990');
    expect(screen.getByText('Detected: MSC')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Track its containers' }));

    expect(await screen.findByText('Now tracking Bill of lading MEDU7788990')).toBeInTheDocument();
    expect(api.callsTo('POST /api/shipments/ocean')[0]?.body).toEqual({
      items: [{ mblNo: 'MEDU7788990', carrierScac: 'MSCU' }],
    });
    expect(screen.queryByRole('link', { name: /^Open / })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'See the list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipments/ocean/active'));
    expect(router.state.location.search).toBe(`?bill=${BILL_ID}`);
  });

  it('follows a booking alone, asking for its carrier and checking its number before sending', async () => {
    const api = answer();
    renderRoutes(appRoutes, '/new-shipments/ocean');
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: /Master bill of lading/ }), 'MEDU1234');
    await user.click(screen.getByRole('radio', { name: 'A booking number only' }));
    const booking = screen.getByRole('textbox', { name: /Booking number/ });
    // A bill of lading typed before is not taken for a booking number.
    expect(booking).toHaveValue('');
    await user.type(booking, '24#');
    await user.click(screen.getByRole('button', { name: 'Track its containers' }));
    expect(await screen.findByText('A booking number has 4 to 35 letters and digits')).toBeInTheDocument();

    await user.clear(booking);
    await user.type(booking, '241 100 123');
    await user.click(screen.getByRole('button', { name: 'Track its containers' }));
    expect(
      await screen.findByText('The carrier cannot be told from this booking number: choose it from the list'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/shipments/ocean')).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: /Carrier/ }));
    await user.click(await screen.findByRole('option', { name: 'Maersk (MAEU)' }));
    await user.click(screen.getByRole('button', { name: 'Track its containers' }));
    expect(await screen.findByText('Now tracking Booking 241100123')).toBeInTheDocument();
    expect(api.callsTo('POST /api/shipments/ocean')[0]?.body).toEqual({
      items: [{ bookingNo: '241100123', carrierScac: 'MAEU' }],
    });
  });

  it('still asks for a container and its bill of lading together when that is the choice', async () => {
    const api = answer();
    renderRoutes(appRoutes, '/new-shipments/ocean');
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: 'A container and its bill of lading' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: /Container number/ }), 'MSCU1234566');
    await user.click(screen.getByRole('button', { name: 'Track shipment' }));
    expect(await screen.findByText('Enter a master bill of lading number')).toBeInTheDocument();
    expect(api.callsTo('POST /api/shipments/ocean')).toHaveLength(0);
  });

  it('takes bills and bookings alone in a paste, each row checked, and answers each', async () => {
    const api = serve({
      'POST /api/shipments/ocean': (call) =>
        ok(
          (call.body as { items: { mblNo?: string; bookingNo?: string; carrierScac?: string }[] }).items.map(
            followed,
          ),
        ),
    });
    renderRoutes(appRoutes, '/new-shipments/ocean');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('textbox', { name: /Paste shipments/ }));
    await user.paste(
      ['bl MEDU7788990', 'booking 241100456 MAEU', 'booking 241100457', 'MEDU5566778'].join('\n'),
    );

    const rows = within(await screen.findByTestId('bulk-preview')).getAllByTestId('bulk-row');
    expect(rows.map((row) => row.dataset.state)).toEqual(['ready', 'ready', 'error', 'ready']);
    expect(rows[1]).toHaveTextContent('Booking 241100456');
    expect(rows[2]).toHaveTextContent(
      'The carrier cannot be told from this booking number: add its SCAC after it, e.g. booking 241100123 MAEU',
    );
    await user.click(screen.getByRole('button', { name: 'Track 3 shipments' }));
    const outcomes = await screen.findByTestId('intake-outcomes');
    expect(api.callsTo('POST /api/shipments/ocean')[0]?.body).toEqual({
      items: [
        { mblNo: 'MEDU7788990', carrierScac: 'MSCU' },
        { bookingNo: '241100456', carrierScac: 'MAEU' },
        { mblNo: 'MEDU5566778', carrierScac: 'MSCU' },
      ],
    });
    expect(within(outcomes).getAllByRole('link', { name: 'All on it' })[0]).toHaveAttribute(
      'href',
      `/shipments/ocean/active?bill=${BILL_ID}`,
    );
  });
});
