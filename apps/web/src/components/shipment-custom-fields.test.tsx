import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { ShipmentCustomFieldsPanel } from './shipment-custom-fields';

const VALUES = 'GET /api/shipments/ocean/shp-1/custom-fields';
const SAVE = 'PATCH /api/shipments/ocean/shp-1/custom-fields';
const field = (id: string, name: string, type: string, extra: object = {}) => ({
  id,
  name,
  type,
  choices: [],
  required: false,
  position: 0,
  ...extra,
});
const FIELDS = [
  field('f-notes', 'Notes', 'text'),
  field('f-pallets', 'Pallets', 'number'),
  field('f-priority', 'Priority', 'choice', { choices: ['Low', 'Urgent'], required: true }),
  field('f-portal', 'Portal', 'link'),
];

const renderPanel = (panel: ReactElement) => renderWithProviders(<MemoryRouter>{panel}</MemoryRouter>);

function serve(extra: Parameters<typeof fakeApi>[0] = {}, values: object = { 'f-priority': 'Low' }) {
  return fakeApi({
    'GET /api/custom-fields': ok({ fields: FIELDS }),
    [VALUES]: ok(values),
    ...extra,
  });
}

describe('a shipment’s custom fields panel', () => {
  it('shows stored values, missing ones as missing, and saves only the fields changed', async () => {
    const api = serve({ [SAVE]: ok({ 'f-priority': 'Low', 'f-pallets': 12 }) });
    renderPanel(<ShipmentCustomFieldsPanel mode="ocean" shipmentId="shp-1" canEdit />);

    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    expect(notes).toHaveValue('');
    expect(notes).toHaveAttribute('placeholder', 'Missing');
    expect(screen.getAllByDisplayValue('Low').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Save custom fields' })).toBeDisabled();

    await userEvent.type(screen.getByRole('spinbutton', { name: 'Pallets' }), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save custom fields' }));
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0]?.body).toEqual({ values: { 'f-pallets': 12 } });
  });

  it('checks a value before sending it, and shows the server’s refusal', async () => {
    const api = serve({ [SAVE]: fail(400, 'VALIDATION', 'Notes: A text value is one line.') });
    renderPanel(<ShipmentCustomFieldsPanel mode="ocean" shipmentId="shp-1" canEdit />);

    await userEvent.type(await screen.findByRole('textbox', { name: 'Portal' }), 'ftp://x.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save custom fields' }));
    expect(await screen.findByText(/A link is an http or https address/)).toBeInTheDocument();
    expect(api.callsTo(SAVE)).toHaveLength(0);

    await userEvent.clear(screen.getByRole('textbox', { name: 'Portal' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'Keep dry');
    await userEvent.click(screen.getByRole('button', { name: 'Save custom fields' }));
    expect(await screen.findByText('Notes: A text value is one line.')).toBeInTheDocument();
  });

  it('lets a view-only member read without saving', async () => {
    serve();
    renderPanel(<ShipmentCustomFieldsPanel mode="ocean" shipmentId="shp-1" canEdit={false} />);
    expect(await screen.findByRole('textbox', { name: 'Notes' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save custom fields' })).not.toBeInTheDocument();
    expect(screen.getByText(/You can view these fields/)).toBeInTheDocument();
  });

  it('draws nothing while the workspace defines no field', async () => {
    fakeApi({ 'GET /api/custom-fields': ok({ fields: [] }), [VALUES]: ok({}) });
    const { container } = renderPanel(<ShipmentCustomFieldsPanel mode="ocean" shipmentId="shp-1" canEdit />);
    await waitFor(() => expect(screen.queryByLabelText('Loading custom fields')).not.toBeInTheDocument());
    expect(container.querySelector('section')).toBeNull();
  });

  it('says when the values cannot be loaded', async () => {
    fakeApi({
      'GET /api/custom-fields': ok({ fields: FIELDS }),
      [VALUES]: fail(403, 'FORBIDDEN', 'You have no access to this workspace.'),
    });
    renderPanel(<ShipmentCustomFieldsPanel mode="ocean" shipmentId="shp-1" canEdit />);
    expect(await screen.findByText('Custom fields could not be loaded')).toBeInTheDocument();
  });
});
