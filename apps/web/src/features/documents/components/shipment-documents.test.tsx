import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ShipmentDocuments } from './shipment-documents';

const LIST = 'GET /api/shipments/ocean/ship-1/documents';
const UPLOAD = 'POST /api/shipments/ocean/ship-1/documents';
const DELETE = 'DELETE /api/shipments/ocean/ship-1/documents/3f2c1b9a-6d5e-4f70-8a1b-2c3d4e5f6a7b';

const bill = {
  id: '3f2c1b9a-6d5e-4f70-8a1b-2c3d4e5f6a7b',
  type: 'bill_of_lading',
  filename: 'MSKU1234565-BL.pdf',
  size: 184_220,
  contentType: 'application/pdf',
  source: 'upload',
  uploadedBy: { id: '0b6f3c5e-1d2a-4c7b-9e8f-1a2b3c4d5e6f', name: 'Dana Okafor' },
  uploadedAt: '2026-11-20T09:14:03.120Z',
  canDelete: true,
};
const mail = {
  ...bill,
  id: '4a2c1b9a-6d5e-4f70-8a1b-2c3d4e5f6a7c',
  type: 'arrival_notice',
  filename: 'notice.eml',
  contentType: 'message/rfc822',
  size: 2_000,
  canDelete: false,
};
const storage = { usedBytes: 186_220, quotaBytes: 1024 * 1024 * 1024 };

const renderTab = (canUpload = true) =>
  renderWithProviders(
    <ShipmentDocuments mode="ocean" shipmentId="ship-1" canUpload={canUpload} timeZone="UTC" />,
  );

describe('a shipment’s Documents tab', () => {
  beforeAll(() => {
    // jsdom has no layout: the type select scrolls its options into view.
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('lists documents with type, size and uploader, previews a PDF and links downloads', async () => {
    fakeApi({ [LIST]: ok({ documents: [bill, mail], storage }) });
    renderTab();

    expect(await screen.findByText('MSKU1234565-BL.pdf')).toBeInTheDocument();
    expect(screen.getAllByText('Bill of lading').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Dana Okafor').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Download notice.eml' })).toHaveAttribute(
      'href',
      `/api/shipments/ocean/ship-1/documents/${mail.id}/file?download=1`,
    );
    // Only PDFs and images preview; only what the server allows is deletable.
    expect(screen.queryByRole('button', { name: 'Preview notice.eml' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete notice.eml' })).not.toBeInTheDocument();
    expect(screen.getByText(/Workspace document storage: 182 KB of 1.0 GB used/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Preview MSKU1234565-BL.pdf' }));
    const frame = await screen.findByTitle('Preview of MSKU1234565-BL.pdf');
    expect(frame).toHaveAttribute('src', `/api/shipments/ocean/ship-1/documents/${bill.id}/file`);
  });

  it('uploads the chosen file with its type and shows a refusal in the server’s words', async () => {
    const api = fakeApi({
      [LIST]: ok({ documents: [], storage }),
      [UPLOAD]: fail(400, 'VALIDATION', 'This file type is not accepted. Attach a PDF…'),
    });
    renderTab();
    expect(await screen.findByText(/No documents yet/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Document type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Invoice' }));
    const input = screen.getByTestId('documents-dropzone').querySelector('input[type="file"]')!;
    await userEvent.upload(
      input as HTMLInputElement,
      new File(['MZ'], 'invoice.pdf', { type: 'application/pdf' }),
    );

    await waitFor(() => expect(api.callsTo(UPLOAD)).toHaveLength(1));
    const form = api.callsTo(UPLOAD)[0]!.body as FormData;
    expect(form.get('type')).toBe('invoice');
    expect((form.get('file') as File).name).toBe('invoice.pdf');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This file type is not accepted. Attach a PDF…')).toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    const api = fakeApi({ [LIST]: ok({ documents: [bill], storage }), [DELETE]: ok(null) });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete MSKU1234565-BL.pdf' }));
    expect(api.callsTo(DELETE)).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(DELETE)).toHaveLength(1));
  });

  it('offers a view-only member no upload, and says when the list cannot load', async () => {
    fakeApi({ [LIST]: fail(500, 'INTERNAL', 'Something broke.') });
    renderTab(false);
    expect(await screen.findByText('Documents could not be loaded')).toBeInTheDocument();
    expect(screen.queryByTestId('documents-dropzone')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
