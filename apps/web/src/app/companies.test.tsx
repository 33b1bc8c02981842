import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, type RecordedCall } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { CompaniesPage } from './pages/companies-page';
import { testApp } from '../test/app';

setUpSignedInPage();

const ID = (n: number) => `7d0c2d6e-3f7b-4b8e-9b8a-2f3c4d5e6f7${String(n)}`;

/** A server keeping the workspace's companies as the API does, alphabetically. */
function serve(initial: string[]) {
  let companies = initial.map((name, i) => ({ id: ID(i), name }));
  const sorted = () => [...companies].sort((a, b) => a.name.localeCompare(b.name));
  const idOf = (call: RecordedCall) => call.path.split('/').pop()!;
  return fakeApi({
    'GET /api/companies': () => ok({ companies: sorted() }),
    'POST /api/companies': (call) => {
      const { name } = call.body as { name: string };
      if (companies.some((c) => c.name.toLowerCase() === name.trim().toLowerCase()))
        return fail(409, 'CONFLICT', 'The workspace already has a company of that name.');
      const company = { id: ID(companies.length), name: name.trim() };
      companies.push(company);
      return ok(company);
    },
    [`PUT /api/companies/${ID(0)}`]: (call) => {
      companies = companies.map((c) => (c.id === idOf(call) ? { ...c, ...(call.body as object) } : c));
      return ok(companies.find((c) => c.id === idOf(call)));
    },
    [`DELETE /api/companies/${ID(1)}`]: (call) => {
      companies = companies.filter((c) => c.id !== idOf(call));
      return ok(null);
    },
  });
}

const names = () =>
  within(screen.getByRole('list', { name: 'Companies' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the workspace’s companies page', () => {
  beforeEach(() => {
    testApp().workspaceStore.setState({
      currentOrganization: {
        organizationId: 'o-1',
        organizationName: 'Acme Logistics',
        role: 'general_user',
        shipmentPermission: 0,
      },
      currentWorkspace: { workspaceId: 'w-1', name: 'Ops', isDefault: true },
    });
  });

  it('lists, finds, adds, renames and deletes, with the server’s refusal in its words', async () => {
    const api = serve(['Beta Freight', 'Acme Retail']);
    renderWithProviders(<CompaniesPage />);
    const user = userEvent.setup();

    await waitFor(() => expect(names()).toEqual(['Acme Retail', 'Beta Freight']));
    expect(screen.getByText('2 of at most 500')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Find a company' }), 'bet');
    expect(names()).toEqual(['Beta Freight']);
    await user.clear(screen.getByRole('textbox', { name: 'Find a company' }));

    await user.type(screen.getByRole('textbox', { name: 'New company' }), 'acme retail');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The workspace already has a company of that name.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'New company' }));
    await user.type(screen.getByRole('textbox', { name: 'New company' }), 'Cargo Co{Enter}');
    await waitFor(() => expect(names()).toEqual(['Acme Retail', 'Beta Freight', 'Cargo Co']));
    expect(screen.getByRole('textbox', { name: 'New company' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Rename Beta Freight' }));
    const field = screen.getByRole('textbox', { name: 'Company name' });
    await user.clear(field);
    await user.type(field, 'Beta Freight AG{Enter}');
    await waitFor(() => expect(names()).toEqual(['Acme Retail', 'Beta Freight AG', 'Cargo Co']));
    expect(api.callsTo(`PUT /api/companies/${ID(0)}`)[0]?.body).toEqual({ name: 'Beta Freight AG' });

    await user.click(screen.getByRole('button', { name: 'Delete Acme Retail' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names()).toEqual(['Beta Freight AG', 'Cargo Co']));
  });

  it('lets a view-only member read the list, with nothing to change', async () => {
    testApp().workspaceStore.setState((state) => ({
      currentOrganization: { ...state.currentOrganization!, shipmentPermission: 1 },
    }));
    serve(['Acme Retail']);
    renderWithProviders(<CompaniesPage />);

    await waitFor(() => expect(names()).toEqual(['Acme Retail']));
    expect(screen.queryByRole('textbox', { name: 'New company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename Acme Retail' })).not.toBeInTheDocument();
    expect(screen.getByText(/You can view this list/)).toBeInTheDocument();
  });

  it('says when there are none yet', async () => {
    serve([]);
    renderWithProviders(<CompaniesPage />);
    expect(await screen.findByText('No companies yet')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    fakeApi({ 'GET /api/companies': fail(403, 'FORBIDDEN', 'You have no access to this workspace.') });
    renderWithProviders(<CompaniesPage />);
    expect(await screen.findByText('Could not load the companies')).toBeInTheDocument();
    expect(screen.getByText(/You have no access to this workspace\./)).toBeInTheDocument();
  });
});
