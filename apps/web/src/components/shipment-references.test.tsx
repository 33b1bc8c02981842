import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { ShipmentReferencesPanel } from './shipment-references';

const REFERENCES = 'GET /api/shipments/express/ord-1/references';
const SAVE = 'PATCH /api/shipments/express/ord-1/references';
const acme = { id: '7d0c2d6e-3f7b-4b8e-9b8a-2f3c4d5e6f70', name: 'Acme Imports' };

const stored = {
  bookingNumber: 'BKG2231987',
  customerReference: null,
  poNumbers: ['PO-77881'],
  shipper: acme,
  consignee: null,
  customer: null,
  forwarder: null,
};

/** The panel as a detail page renders it: inside the app's router (it links to the companies page). */
const renderPanel = (panel: ReactElement) => renderWithProviders(<MemoryRouter>{panel}</MemoryRouter>);

function serve(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [REFERENCES]: ok(stored),
    'GET /api/companies': ok({ companies: [acme] }),
    ...extra,
  });
}

describe('a shipment’s references panel', () => {
  it('shows what is stored and saves every field as edited', async () => {
    const api = serve({ [SAVE]: ok({ ...stored, customerReference: 'ACME-ORDER-5512' }) });
    renderPanel(<ShipmentReferencesPanel mode="express" shipmentId="ord-1" canEdit />);

    expect(await screen.findByRole('textbox', { name: 'Booking number' })).toHaveValue('BKG2231987');
    expect(screen.getByText('PO-77881')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Customer reference' }), 'ACME-ORDER-5512');
    await userEvent.click(screen.getByRole('button', { name: 'Save references' }));

    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0]?.body).toEqual({
      bookingNumber: 'BKG2231987',
      customerReference: 'ACME-ORDER-5512',
      poNumbers: ['PO-77881'],
      shipperId: acme.id,
      consigneeId: null,
      customerId: null,
      forwarderId: null,
    });
  });

  it('says why a save was refused, in the server’s words', async () => {
    serve({ [SAVE]: fail(400, 'VALIDATION', 'That company is not in this workspace’s list.') });
    renderPanel(<ShipmentReferencesPanel mode="express" shipmentId="ord-1" canEdit />);

    await userEvent.click(await screen.findByRole('button', { name: 'Save references' }));
    expect(await screen.findByText('That company is not in this workspace’s list.')).toBeInTheDocument();
    expect(screen.getByText('Not saved')).toBeInTheDocument();
  });

  it('lets a view-only member read them and change nothing', async () => {
    const api = serve();
    renderPanel(<ShipmentReferencesPanel mode="express" shipmentId="ord-1" canEdit={false} />);

    const booking = await screen.findByRole('textbox', { name: 'Booking number' });
    expect(booking).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save references' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New company' })).not.toBeInTheDocument();
    expect(screen.getByText(/ask an admin for edit rights/)).toBeInTheDocument();
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });

  it('says so when they cannot be loaded', async () => {
    serve({ [REFERENCES]: fail(404, 'NOT_FOUND', 'Shipment not found.') });
    renderPanel(<ShipmentReferencesPanel mode="express" shipmentId="ord-1" canEdit />);

    expect(await screen.findByText('References could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/Shipment not found\./)).toBeInTheDocument();
  });
});
