import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import {
  acme,
  acmeDefault,
  acmeImports,
  beta,
  betaDesk,
  organizationMembers,
  overview,
  selectionOf,
  withCount,
} from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

type Routes = Parameters<typeof fakeApi>[0];

const adminRoutes = (extra: Routes = {}): Routes => ({
  'GET /api/workspaces/get': ok([acme, beta]),
  'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
  'GET /api/organization/overview': ok(overview()),
  'GET /api/workspaces/getAll': ok([withCount(acmeDefault, 2), withCount(acmeImports, 1)]),
  'GET /api/workspaces/members/get': ok(organizationMembers),
  ...extra,
});

beforeAll(() => {
  // jsdom has no layout: Mantine's comboboxes scroll the active option into view.
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  signInAsAgreedUser();
});

describe('workspace settings for general users', () => {
  it.each([
    ['/workspace-settings/members', 'Only company admins can manage members'],
    ['/workspace-settings/overview', 'Only company admins can change workspace settings'],
  ])('%s says "%s" and asks the server nothing', async (path, refusal) => {
    const api = fakeApi({
      'GET /api/workspaces/get': ok([beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
    });
    renderRoutes(appRoutes, path);

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByText(/Ask a company admin of Beta Logistics/)).toBeInTheDocument();
    // Only the shell's own calls: organizations, the selection, the user's invitations, share
    // invites, notifications and comment mentions, the open exceptions' count, the tutorial's flags and
    // the page view.
    await waitFor(() =>
      expect([...new Set(api.calls.map((call) => call.path))].sort()).toEqual([
        '/api/_api/user-journey/getTutorialsStatuses',
        '/api/_api/user-journey/post',
        '/api/comments/at/list',
        '/api/exceptions/counts',
        '/api/invite/get-first-unread-notification',
        '/api/invite/notifications',
        '/api/notification/get',
        '/api/workspaces/get',
        '/api/workspaces/invite/list',
        '/api/workspaces/setCookies',
      ]),
    );
  });
});

describe('/workspace-settings/members (admins)', () => {
  async function openMembersPage(extra: Routes = {}) {
    const api = fakeApi(adminRoutes(extra));
    renderRoutes(appRoutes, '/workspace-settings/members');
    await screen.findByTestId('members-table');
    return { api, user: userEvent.setup() };
  }

  async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
    await user.click(screen.getByRole('combobox', { name: field }));
    await user.click(await screen.findByRole('option', { name: option }));
  }

  it('lists the members, the creator locked, with seats from the overview', async () => {
    const { api } = await openMembersPage();

    expect(api.callsTo('GET /api/workspaces/members/get')[0]?.query).toEqual({ scope: 'organization' });
    const rows = screen.getAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Creator')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('You')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Ada Lovelace' })).toBeDisabled();
    expect(
      screen.queryByRole('button', { name: 'Remove Ada Lovelace from the organization' }),
    ).not.toBeInTheDocument();
    expect(await screen.findByTestId('seats-meter')).toHaveTextContent('3 of 5 seats');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('saves only the changed members, each entry whole, and does not re-select for others', async () => {
    const { api, user } = await openMembersPage({
      'PATCH /api/workspaces/permissions/update': ok(
        { you: false, selection: selectionOf(acmeDefault) },
        'Permissions updated',
      ),
    });

    await choose(user, 'Shipment access of Grace Hopper', 'No access');
    await choose(user, 'Workspaces of Grace Hopper', 'Imports Europe');
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Permissions updated')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/workspaces/permissions/update').map((call) => call.body)).toEqual([
      {
        entries: [
          {
            userId: 'u-2',
            workspaceIds: ['w-1', 'w-2'],
            role: 'general_user',
            shipmentPermission: 2,
            you: false,
          },
        ],
      },
    ]);
    expect(api.callsTo('POST /api/organization/currentId')).toHaveLength(0);
  });

  it('re-selects the current organization and workspace when the admin changed their own entry', async () => {
    const { api, user } = await openMembersPage({
      'PATCH /api/workspaces/permissions/update': ok(
        { you: true, selection: selectionOf(acmeDefault) },
        'Permissions updated',
      ),
      'POST /api/organization/currentId': ok(selectionOf(acmeDefault)),
    });
    const organizationLoads = api.callsTo('GET /api/workspaces/get').length;

    await choose(user, 'Shipment access of Ada Lovelace', 'View only');
    api.route('GET /api/workspaces/get', ok([{ ...acme, shipmentPermission: 1 }, beta]));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    // Save, refetch, then re-select: a longer chain than most, so a little more patience under load.
    await waitFor(
      () =>
        expect(api.callsTo('POST /api/organization/currentId').map((call) => call.body)).toEqual([
          { organizationId: 'o-1' },
        ]),
      { timeout: 4000 },
    );
    expect(api.callsTo('PATCH /api/workspaces/permissions/update')[0]?.body).toEqual({
      entries: [
        {
          userId: 'u-1',
          workspaceIds: ['w-1', 'w-2'],
          role: 'company_admin',
          shipmentPermission: 1,
          you: true,
        },
      ],
    });
    await waitFor(() =>
      expect(api.callsTo('GET /api/workspaces/get').length).toBeGreaterThan(organizationLoads),
    );
    // The sidebar follows the new view-only permission.
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('navigation', { name: 'Main navigation' })).queryByRole('link', {
            name: 'New Shipment',
          }),
        ).not.toBeInTheDocument(),
      { timeout: 4000 },
    );
  });

  it('keeps the creator in the default workspace', async () => {
    const { user } = await openMembersPage();

    await user.click(screen.getByRole('combobox', { name: 'Workspaces of Ada Lovelace' }));
    await user.click(await screen.findByRole('option', { name: 'Default Workspace' }));

    // Deselecting it changes nothing: there is nothing to save.
    expect(screen.getByText('2 members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('removes a member after confirmation, with the server message', async () => {
    const { api, user } = await openMembersPage({
      'POST /api/organization/members/remove': ok(null, 'Removed grace@example.com from the organization'),
    });

    await user.click(screen.getByRole('button', { name: 'Remove Grace Hopper from the organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Grace Hopper?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove from organization' }));

    expect(await screen.findByText('Removed grace@example.com from the organization')).toBeInTheDocument();
    expect(api.callsTo('POST /api/organization/members/remove').map((call) => call.body)).toEqual([
      { userId: 'u-2' },
    ]);
  });
});

describe('/workspace-settings/overview (admins)', () => {
  async function openOverview(extra: Routes = {}) {
    const api = fakeApi(adminRoutes(extra));
    renderRoutes(appRoutes, '/workspace-settings/overview');
    await screen.findAllByTestId('workspace-row');
    return { api, user: userEvent.setup() };
  }

  it('shows the first failing name rule live, and creates a workspace with a valid name', async () => {
    const { api, user } = await openOverview({
      'POST /api/workspaces/create': ok(
        {
          ...acmeImports,
          id: 'w-9',
          workspaceId: 'w-9',
          name: 'Exports Asia',
          workspaceName: 'Exports Asia',
        },
        'Created Exports Asia',
      ),
    });

    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create workspace' });
    const name = within(dialog).getByRole('textbox', { name: 'Workspace name' });

    for (const [typed, message] of [
      ['a', 'Minimum length 2.'],
      ['!!', "String can't contain only special characters."],
      ['Acme & Co', 'String can only contain alphanumeric characters, spaces, dashes, commas, and periods.'],
      ['a b c', "String can't mix spaces or tabs with single characters."],
      ['LLC', 'String must not be a standalone abbreviation (LLC, INC).'],
      ['.com', "String can't be a top-level domain extension."],
      [
        'zzz',
        "String can't contain the same character repeated three or more times with no other characters.",
      ],
    ] as const) {
      await user.clear(name);
      await user.type(name, typed);
      expect(within(dialog).getByText(message)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Create workspace' })).toBeDisabled();
    }

    await user.clear(name);
    await user.type(name, 'Exports Asia');
    await user.click(within(dialog).getByRole('button', { name: 'Create workspace' }));

    expect(await screen.findByText('Created Exports Asia')).toBeInTheDocument();
    expect(api.callsTo('POST /api/workspaces/create').map((call) => call.body)).toEqual([
      { workspaceName: 'Exports Asia' },
    ]);
  });

  it('renames a workspace through the multipart update, keeping its image', async () => {
    const { api, user } = await openOverview({
      'POST /api/workspaces/update': ok({ ...acmeImports, name: 'Imports EU', workspaceName: 'Imports EU' }),
    });

    await user.click(screen.getByRole('button', { name: 'Edit Imports Europe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Imports Europe' });
    const name = within(dialog).getByRole('textbox', { name: 'Workspace name' });
    await user.clear(name);
    await user.type(name, 'Imports EU');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Workspace saved')).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/workspaces/update');
    expect(call?.body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(call!.body as FormData)).toEqual({
      workspaceId: 'w-2',
      workspaceName: 'Imports EU',
      hasImage: 'true',
    });
  });

  it('refuses a name another workspace of the organization has, case and spacing aside', async () => {
    const { api, user } = await openOverview({
      'POST /api/workspaces/create': fail(
        409,
        'CONFLICT',
        'This organization already has a workspace named Exports Asia. Choose another name.',
      ),
    });

    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create workspace' });
    const name = within(dialog).getByRole('textbox', { name: 'Workspace name' });
    await user.type(name, '  imports   EUROPE');
    expect(
      within(dialog).getByText(
        'This organization already has a workspace named Imports Europe. Choose another name.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create workspace' })).toBeDisabled();

    // Another admin took it a moment ago: the server's answer shows in the same place.
    await user.clear(name);
    await user.type(name, 'Exports Asia');
    await user.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    expect(
      await within(dialog).findByText(
        'This organization already has a workspace named Exports Asia. Choose another name.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/workspaces/create')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Renaming a workspace may change the case of its own name.
    await user.click(screen.getByRole('button', { name: 'Edit Imports Europe' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Imports Europe' });
    const rename = within(edit).getByRole('textbox', { name: 'Workspace name' });
    await user.clear(rename);
    await user.type(rename, 'IMPORTS EUROPE');
    expect(within(edit).getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.clear(rename);
    await user.type(rename, 'default workspace');
    expect(
      within(edit).getByText(
        'This organization already has a workspace named Default Workspace. Choose another name.',
      ),
    ).toBeInTheDocument();
    expect(within(edit).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('never offers to delete the default workspace, and deletes another after confirmation', async () => {
    const { api, user } = await openOverview({
      'DELETE /api/workspaces/delete': ok(null, 'Deleted Imports Europe'),
    });

    const keep = screen.getByRole('button', { name: 'Delete Default Workspace' });
    expect(keep).toHaveAttribute('aria-disabled', 'true');
    await user.click(keep);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Imports Europe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Imports Europe?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete workspace' }));

    expect(await screen.findByText('Deleted Imports Europe')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/workspaces/delete').map((call) => call.query)).toEqual([
      { workspaceId: 'w-2' },
    ]);
  });

  it('validates the organization name live and shows plan and seats', async () => {
    await openOverview();
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: 'Organization name' });

    await user.clear(name);
    await user.type(name, 'INC');

    expect(screen.getByText('String must not be a standalone abbreviation (LLC, INC).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(await screen.findByTestId('seats-usage')).toHaveTextContent('3 of 5 seats used');
    expect(screen.getByText('Free plan')).toBeInTheDocument();
  });
});
