import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OceanIntakeOutcome } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAllStores } from '../lib/store-reset';
import { fail, fakeApi, ok } from '../test/fake-api';
import { acme, acmeDefault, beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { routes } from './router';
import { rowsToXlsx } from '../lib/xlsx';

type Routes = Parameters<typeof fakeApi>[0];
type Item = { containerNo: string; mblNo: string; carrierScac: string };

const created = (item: Item): OceanIntakeOutcome => ({
  kind: 'container',
  bookingNo: '',
  billId: null,
  ...item,
  outcome: 'created',
  message: null,
  shipmentOverallId: '00000000-0000-4000-8000-000000000001',
});

function serve(extra: Routes = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    ...extra,
  });
}

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  resetAllStores();
  signInAsAgreedUser();
});

describe('new ocean shipment: one at a time', { timeout: 20_000 }, () => {
  it('checks the container number as it is typed, down to the check digit', async () => {
    serve();
    renderRoutes(routes, '/new-shipments/ocean');
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
    const { router } = renderRoutes(routes, '/new-shipments/create');
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
    renderRoutes(routes, '/new-shipments/ocean');
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
    renderRoutes(routes, '/new-shipments/ocean');

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
    renderRoutes(routes, '/new-shipments/create');

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
    renderRoutes(routes, '/new-shipments/ocean');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Container number/ }), 'MSCU1234566');
    await user.type(screen.getByRole('textbox', { name: /Master bill of lading/ }), 'MEDU12345678');
    await user.click(screen.getByRole('button', { name: 'Track shipment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You can view shipments but not add them.');
  });
});

describe('new ocean shipment: many at once', { timeout: 20_000 }, () => {
  const pasted = [
    'MSCU1234566\tMEDU12345678',
    'MSKU1234565\tMAEU240101',
    'MSCU1234566\tMEDU12345678',
    'TGHU1234560\tHLCU998877',
    'CMAU1234564\tCMDU556677\tCMA CGM',
  ].join('\n');

  it('previews every row with its error, skips duplicates, sends the valid rows and shows each outcome', async () => {
    const api = serve({
      'POST /api/shipments/ocean': ok([
        created({ containerNo: 'MSCU1234566', mblNo: 'MEDU12345678', carrierScac: 'MSCU' }),
        {
          kind: 'container',
          containerNo: 'MSKU1234565',
          mblNo: 'MAEU240101',
          bookingNo: '',
          billId: null,
          carrierScac: 'MAEU',
          outcome: 'already_tracked',
          message: 'Already tracked',
          shipmentOverallId: 'x',
        },
        {
          kind: 'container',
          containerNo: 'CMAU1234564',
          mblNo: 'CMDU556677',
          bookingNo: '',
          billId: null,
          carrierScac: 'CMDU',
          outcome: 'refused',
          message: 'Carrier unavailable',
          shipmentOverallId: null,
        },
      ]),
    });
    renderRoutes(routes, '/new-shipments/ocean');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('textbox', { name: /Paste shipments/ }));
    await user.paste(pasted);

    const preview = await screen.findByTestId('bulk-preview');
    const rows = within(preview).getAllByTestId('bulk-row');
    expect(rows.map((row) => row.dataset.state)).toEqual(['ready', 'ready', 'duplicate', 'error', 'ready']);
    expect(rows[2]).toHaveTextContent('Duplicate of line 1: skipped');
    expect(rows[3]).toHaveTextContent('Check digit should be 7 for TGHU123456: please check the number');
    expect(screen.getByTestId('bulk-summary')).toHaveTextContent('5 rows3 ready1 with errors1 duplicate');

    await user.click(screen.getByRole('button', { name: 'Track 3 shipments' }));

    const outcomes = await screen.findByTestId('intake-outcomes');
    expect(api.callsTo('POST /api/shipments/ocean')[0]?.body).toEqual({
      items: [
        { containerNo: 'MSCU1234566', mblNo: 'MEDU12345678', carrierScac: 'MSCU' },
        { containerNo: 'MSKU1234565', mblNo: 'MAEU240101', carrierScac: 'MAEU' },
        { containerNo: 'CMAU1234564', mblNo: 'CMDU556677', carrierScac: 'CMDU' },
      ],
    });
    const results = within(outcomes).getAllByTestId('outcome-row');
    expect(results.map((row) => [row.firstChild?.textContent, row.dataset.outcome])).toEqual([
      ['1', 'created'],
      ['2', 'already_tracked'],
      ['5', 'refused'],
    ]);
    expect(results[2]).toHaveTextContent('Carrier unavailable');
    expect(
      within(outcomes).getByText('2 rows skipped before sending (errors or duplicates)'),
    ).toBeInTheDocument();
    expect(within(outcomes).getByRole('link', { name: 'Go to the list' })).toHaveAttribute(
      'href',
      '/shipments/ocean/active',
    );
  });

  it('reads an uploaded CSV file with a header row', async () => {
    serve();
    renderRoutes(routes, '/new-shipments/ocean');
    const user = userEvent.setup();
    const dropzone = await screen.findByTestId('bulk-dropzone');
    const input = dropzone.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(
      ['MBL;Container\nMEDU12345678;MSCU1234566\nMAEU240101;MSKU1234565\n'],
      'containers.csv',
      {
        type: 'text/csv',
      },
    );

    await user.upload(input, file);

    expect(await screen.findByText('containers.csv')).toBeInTheDocument();
    expect(await screen.findByText('2 rows read')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('bulk-row');
    expect(rows.map((row) => row.dataset.state)).toEqual(['ready', 'ready']);
    expect(screen.getByText('Header row on line 1 skipped')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Track 2 shipments' })).toBeEnabled();
  });

  it('says how it read a plain-text file, and counts one row as one', async () => {
    serve();
    renderRoutes(routes, '/new-shipments/ocean');
    const user = userEvent.setup();
    const dropzone = await screen.findByTestId('bulk-dropzone');
    const input = dropzone.querySelector('input[type="file"]') as HTMLInputElement;

    await user.upload(input, new File(['MSCU1234566\tMEDU12345678\n'], 'list.txt', { type: 'text/plain' }));

    expect(await screen.findByText('list.txt')).toBeInTheDocument();
    expect(
      await screen.findByText('1 row read as CSV text (columns separated by commas, semicolons or tabs)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Track 1 shipment' })).toBeEnabled();
  });

  it('reads an uploaded XLSX workbook like a CSV file', async () => {
    serve();
    renderRoutes(routes, '/new-shipments/ocean');
    const user = userEvent.setup();
    const dropzone = await screen.findByTestId('bulk-dropzone');
    const input = dropzone.querySelector('input[type="file"]') as HTMLInputElement;
    const workbook = rowsToXlsx([
      ['Container', 'MBL'],
      ['MSCU1234566', 'MEDU12345678'],
      ['MSKU1234565', 'MAEU240101'],
    ]);
    const file = new File([workbook as Uint8Array<ArrayBuffer>], 'containers.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });

    await user.upload(input, file);

    expect(await screen.findByText('containers.xlsx')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('bulk-row');
    expect(rows.map((row) => row.dataset.state)).toEqual(['ready', 'ready']);
    expect(screen.getByRole('button', { name: 'Track 2 shipments' })).toBeEnabled();
  });

  it('refuses to send more than 500 at once, and says so', async () => {
    serve();
    renderRoutes(routes, '/new-shipments/ocean');
    const user = userEvent.setup();
    const lines = Array.from({ length: 501 }, (_, i) => `MSCU1234566,MEDU${String(100000 + i)}`);

    await user.click(await screen.findByRole('textbox', { name: /Paste shipments/ }));
    await user.paste(lines.join('\n'));

    expect(await screen.findByTestId('bulk-over-limit')).toHaveTextContent(
      'At most 500 shipments can be added at a time, and 501 are ready.',
    );
    expect(screen.getByRole('button', { name: 'Track 501 shipments' })).toBeDisabled();
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
    const { router } = renderRoutes(routes, '/new-shipments/ocean');
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
    renderRoutes(routes, '/new-shipments/ocean');
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
    renderRoutes(routes, '/new-shipments/ocean');
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
    renderRoutes(routes, '/new-shipments/ocean');
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
