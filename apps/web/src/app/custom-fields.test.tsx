import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { testApp } from '../test/app';
import { fail, fakeApi, ok, type RecordedCall } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { CustomFieldsPage } from './pages/custom-fields-page';

setUpSignedInPage();

const ID = (n: number) => `5a0c2d6e-3f7b-4b8e-9b8a-2f3c4d5e6f7${String(n)}`;

/** A server keeping the workspace's fields as the API does, in their order. */
function serve(initial: Omit<CustomField, 'id' | 'position'>[]) {
  let fields: CustomField[] = initial.map((f, i) => ({ ...f, id: ID(i), position: i }));
  const idOf = (call: RecordedCall) => call.path.split('/').pop()!;
  const routes: Record<string, (call: RecordedCall) => unknown> = {
    'GET /api/custom-fields': () => ok({ fields }),
    'POST /api/custom-fields': (call) => {
      const body = call.body as CustomField;
      if (fields.some((f) => f.name.toLowerCase() === body.name.trim().toLowerCase()))
        return fail(409, 'CONFLICT', 'The workspace already has a field of that name.');
      const field = {
        id: ID(fields.length),
        name: body.name.trim(),
        type: body.type,
        choices: body.choices ?? [],
        required: body.required,
        position: fields.length,
      };
      fields.push(field);
      return ok(field);
    },
    'PUT /api/custom-fields/order': (call) => {
      const { ids } = call.body as { ids: string[] };
      fields = ids.map((id, position) => ({ ...fields.find((f) => f.id === id)!, position }));
      return ok({ fields });
    },
  };
  for (let i = 0; i < 4; i++) {
    routes[`PATCH /api/custom-fields/${ID(i)}`] = (call) => {
      fields = fields.map((f) => (f.id === idOf(call) ? { ...f, ...(call.body as object) } : f));
      return ok(fields.find((f) => f.id === idOf(call)));
    };
    routes[`DELETE /api/custom-fields/${ID(i)}`] = (call) => {
      fields = fields.filter((f) => f.id !== idOf(call));
      return ok(null);
    };
  }
  return fakeApi(routes as Parameters<typeof fakeApi>[0]);
}

const names = () =>
  within(screen.getByRole('list', { name: 'Custom fields' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

const asRole = (role: 'company_admin' | 'general_user') =>
  testApp().workspaceStore.setState({
    currentOrganization: {
      organizationId: 'o-1',
      organizationName: 'Acme Logistics',
      role,
      shipmentPermission: 0,
    },
    currentWorkspace: { workspaceId: 'w-1', name: 'Ops', isDefault: true },
  });

describe('the workspace’s custom fields page', () => {
  beforeEach(() => asRole('company_admin'));

  it('adds a text and a choice field, refuses a taken name in the server’s words, reorders, edits and deletes', async () => {
    const api = serve([{ name: 'Cost centre', type: 'text', choices: [], required: false }]);
    renderWithProviders(<CustomFieldsPage />);
    const user = userEvent.setup();

    await waitFor(() => expect(names()).toEqual(['Cost centre']));
    expect(screen.getByText('1 of at most 50')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'New field' }), 'cost centre');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText('The workspace already has a field of that name.')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'New field' }));
    await user.type(screen.getByRole('textbox', { name: 'New field' }), 'Priority');
    await user.click(screen.getByTestId('custom-field-type-input'));
    await user.click(await screen.findByRole('option', { name: 'Single choice' }));
    // A choice field cannot be added without choices.
    expect(screen.getByRole('button', { name: 'Add field' })).toBeDisabled();
    await user.type(screen.getByTestId('custom-field-choices-input'), 'Low{Enter}Urgent{Enter}');
    await user.click(screen.getByRole('checkbox', { name: /Required/ }));
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await waitFor(() => expect(names()).toEqual(['Cost centre', 'Priority']));
    expect(api.callsTo('POST /api/custom-fields').at(-1)?.body).toEqual({
      name: 'Priority',
      type: 'choice',
      choices: ['Low', 'Urgent'],
      required: true,
    });
    expect(screen.getByText('Low · Urgent')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move Priority up' }));
    await waitFor(() => expect(names()).toEqual(['Priority', 'Cost centre']));
    expect(api.callsTo('PUT /api/custom-fields/order')[0]?.body).toEqual({ ids: [ID(1), ID(0)] });

    await user.click(screen.getByRole('button', { name: 'Edit Cost centre' }));
    const name = screen.getByRole('textbox', { name: 'Field name' });
    await user.clear(name);
    await user.type(name, 'Cost center{Enter}');
    await waitFor(() => expect(names()).toEqual(['Priority', 'Cost center']));
    expect(api.callsTo(`PATCH /api/custom-fields/${ID(0)}`)[0]?.body).toEqual({
      name: 'Cost center',
      required: false,
    });

    await user.click(screen.getByRole('button', { name: 'Delete Cost center' }));
    expect(await screen.findByText(/Every shipment’s value of this field is deleted/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete field and values' }));
    await waitFor(() => expect(names()).toEqual(['Priority']));
  });

  it('warns that removing a choice clears it from shipments', async () => {
    serve([{ name: 'Priority', type: 'choice', choices: ['Low', 'Urgent'], required: false }]);
    renderWithProviders(<CustomFieldsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Priority' }));
    // Backspace in the empty choice box takes the last choice off.
    await user.type(screen.getByTestId('custom-field-choices-input'), '{Backspace}');
    expect(await screen.findByText(/Shipments with Urgent lose that value/)).toBeInTheDocument();
  });

  it('lets a general user read the list, with nothing to change', async () => {
    asRole('general_user');
    serve([{ name: 'Priority', type: 'choice', choices: ['Low'], required: true }]);
    renderWithProviders(<CustomFieldsPage />);
    await waitFor(() => expect(names()).toEqual(['Priority']));
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New field' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Priority' })).not.toBeInTheDocument();
    expect(screen.getByText(/Company admins define the fields/)).toBeInTheDocument();
  });

  it('says when there are none yet', async () => {
    serve([]);
    renderWithProviders(<CustomFieldsPage />);
    expect(await screen.findByText('No custom fields yet')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    fakeApi({ 'GET /api/custom-fields': fail(403, 'FORBIDDEN', 'You have no access to this workspace.') });
    renderWithProviders(<CustomFieldsPage />);
    expect(await screen.findByText('Could not load the custom fields')).toBeInTheDocument();
  });
});
