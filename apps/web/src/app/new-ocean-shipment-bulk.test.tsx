import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../test/fake-api';
import { renderRoutes } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { appRoutes } from './router';
import { rowsToXlsx } from '../lib/xlsx';
import { created, serve } from '../test/new-ocean-shipment-page';

setUpSignedInPage();

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
    renderRoutes(appRoutes, '/new-shipments/ocean');
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
    renderRoutes(appRoutes, '/new-shipments/ocean');
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
    renderRoutes(appRoutes, '/new-shipments/ocean');
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
    renderRoutes(appRoutes, '/new-shipments/ocean');
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

  it('reads a workbook’s reference columns, shows them per row and sends them with each container', async () => {
    const api = serve({
      'POST /api/shipments/ocean': ok([
        created({ containerNo: 'MSCU1234566', mblNo: 'MEDU12345678', carrierScac: 'MSCU' }),
      ]),
    });
    renderRoutes(appRoutes, '/new-shipments/ocean');
    const user = userEvent.setup();
    const dropzone = await screen.findByTestId('bulk-dropzone');
    const input = dropzone.querySelector('input[type="file"]') as HTMLInputElement;
    const workbook = rowsToXlsx([
      ['Container', 'MBL', 'PO', 'Consignee'],
      ['MSCU1234566', 'MEDU12345678', 'PO-1; PO-2', 'Acme Retail'],
    ]);
    await user.upload(
      input,
      new File([workbook as Uint8Array<ArrayBuffer>], 'orders.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );

    const preview = await screen.findByTestId('bulk-preview');
    expect(within(preview).getByRole('columnheader', { name: 'References' })).toBeInTheDocument();
    expect(within(preview).getByTestId('bulk-row')).toHaveTextContent('PO-1, PO-2 · Consignee Acme Retail');
    await user.click(screen.getByRole('button', { name: 'Track 1 shipment' }));
    await screen.findByTestId('intake-outcomes');
    expect(api.callsTo('POST /api/shipments/ocean')[0]?.body).toEqual({
      items: [
        {
          containerNo: 'MSCU1234566',
          mblNo: 'MEDU12345678',
          carrierScac: 'MSCU',
          references: { poNumbers: ['PO-1', 'PO-2'], consignee: 'Acme Retail' },
        },
      ],
    });
  });

  it('reads a workbook’s custom field columns, shows each field’s value or the row’s error, and sends them', async () => {
    const field = (id: string, name: string, type: string, choices: string[] = []) => ({
      id,
      name,
      type,
      choices,
      required: false,
      position: 0,
    });
    const api = serve({
      'GET /api/custom-fields': ok({
        fields: [
          field('f-eta', 'Promised ETA', 'date'),
          field('f-priority', 'Priority', 'choice', ['Low', 'Urgent']),
        ],
      }),
      'POST /api/shipments/ocean': ok([
        created({ containerNo: 'MSCU1234566', mblNo: 'MEDU12345678', carrierScac: 'MSCU' }),
      ]),
    });
    renderRoutes(appRoutes, '/new-shipments/ocean');
    const user = userEvent.setup();
    const dropzone = await screen.findByTestId('bulk-dropzone');
    const input = dropzone.querySelector('input[type="file"]') as HTMLInputElement;
    // A workbook's date cell is read as its serial number: 46112 is 31 March 2026.
    const workbook = rowsToXlsx([
      ['Container', 'MBL', 'promised eta', 'Priority', 'Colour'],
      ['MSCU1234566', 'MEDU12345678', '46112', 'urgent', 'red'],
      ['MSKU1234565', 'MAEU240101', '', 'Asap', ''],
    ]);
    await user.upload(
      input,
      new File([workbook as Uint8Array<ArrayBuffer>], 'orders.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );

    const preview = await screen.findByTestId('bulk-preview');
    expect(within(preview).getByRole('columnheader', { name: 'Promised ETA' })).toBeInTheDocument();
    expect(within(preview).getByRole('columnheader', { name: 'Priority' })).toBeInTheDocument();
    const rows = within(preview).getAllByTestId('bulk-row');
    expect(rows.map((row) => row.dataset.state)).toEqual(['ready', 'error']);
    expect(rows[0]).toHaveTextContent('31/03/2026');
    expect(rows[0]).toHaveTextContent('Urgent');
    expect(rows[1]).toHaveTextContent('Priority: “Asap” is not one of Low, Urgent.');
    expect(screen.getByTestId('bulk-unread-columns')).toHaveTextContent(
      'Not read: “Colour” (no column or custom field of that name)',
    );
    await user.click(screen.getByRole('button', { name: 'Track 1 shipment' }));
    await screen.findByTestId('intake-outcomes');
    expect(api.callsTo('POST /api/shipments/ocean')[0]?.body).toEqual({
      items: [
        {
          containerNo: 'MSCU1234566',
          mblNo: 'MEDU12345678',
          carrierScac: 'MSCU',
          customFields: { 'f-eta': '2026-03-31', 'f-priority': 'Urgent' },
        },
      ],
    });
  });

  it('refuses to send more than 500 at once, and says so', async () => {
    serve();
    renderRoutes(appRoutes, '/new-shipments/ocean');
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
