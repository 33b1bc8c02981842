import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorkspaceInvitation } from '@tracklane/shared/invitations/invitations.schema';
import type { Organization } from '@tracklane/shared/organizations/organizations.schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import { FakeWebSocket } from '../test/fake-web-socket';
import { acme, acmeDefault, selectionOf, workspace } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

const harbour: WorkspaceInvitation = {
  workspaceId: 'w-9',
  workspaceName: 'Harbour Ops',
  workspaceImage: null,
  memberId: 'i-9',
  organizationId: 'o-9',
  organizationName: 'Delta Shipping',
  firstName: 'Grace',
  lastName: 'Hopper',
  inviterEmail: 'grace@delta.example',
  createdAt: '2025-03-01T09:30:00.000Z',
};

const customs: WorkspaceInvitation = {
  ...harbour,
  workspaceId: 'w-8',
  workspaceName: 'Customs Desk',
  memberId: 'i-8',
};

/** Delta Shipping as the user sees it once they joined Harbour Ops. */
const delta: Organization = {
  id: 'o-9',
  organizationId: 'o-9',
  organizationName: 'Delta Shipping',
  organizationImageUrl: null,
  image: null,
  creatorId: 'u-grace',
  role: 'general_user',
  shipmentPermission: 0,
  isCreator: false,
  workspaces: [workspace('w-9', 'Harbour Ops', 'o-9', true)],
};

function serverWith(invitations: WorkspaceInvitation[], extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/workspaces/invite/list': ok(invitations),
    ...extra,
  });
}

const invitationIcon = (name: string) => screen.findByRole('button', { name });

beforeEach(() => {
  signInAsAgreedUser();
});

describe('pending invitations in the left rail (spec §2)', () => {
  it('shows one icon with a red dot per invitation, below the workspace groups', async () => {
    serverWith([harbour, customs]);
    renderRoutes(appRoutes, '/dashboard/ocean');

    const rail = await screen.findByRole('navigation', { name: 'Workspaces' });
    const icon = await invitationIcon('Invitation to Harbour Ops from Delta Shipping');
    expect(within(icon).getByTestId('invitation-dot')).toBeInTheDocument();
    expect(
      within(rail)
        .getAllByTestId('rail-invitation')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Invitation to Harbour Ops from Delta Shipping',
      'Invitation to Customs Desk from Delta Shipping',
    ]);
    // After the organizations' groups.
    const group = within(rail).getByRole('group', { name: 'Acme Freight' });
    expect(group.compareDocumentPosition(icon) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows nothing when there are no invitations', async () => {
    const api = serverWith([]);
    renderRoutes(appRoutes, '/dashboard/ocean');
    await screen.findByRole('button', { name: 'Switch to Default Workspace (Acme Freight)' });
    await waitFor(() => expect(api.callsTo('GET /api/workspaces/invite/list')).toHaveLength(1));
    expect(screen.queryByTestId('rail-invitation')).not.toBeInTheDocument();
  });
});

describe('Workspace Invite dialog (spec §2, §4, §8)', () => {
  it('says who invited whom where; Accept joins, says so and puts the workspace in the rail', async () => {
    const api = serverWith([harbour], {
      'POST /api/workspaces/invite/confirm': () => {
        api.route('GET /api/workspaces/get', ok([acme, delta]));
        api.route('GET /api/workspaces/invite/list', ok([]));
        return ok({ workspaceName: 'Harbour Ops', joined: true }, 'Joined Harbour Ops');
      },
    });
    const user = userEvent.setup();
    renderRoutes(appRoutes, '/dashboard/ocean');

    await user.click(await invitationIcon('Invitation to Harbour Ops from Delta Shipping'));
    const dialog = await screen.findByRole('dialog', { name: 'Workspace invitation' });
    expect(within(dialog).getByTestId('invite-workspace-name')).toHaveTextContent('Harbour Ops');
    expect(within(dialog).getByTestId('invite-organization-name')).toHaveTextContent('Delta Shipping');
    expect(within(dialog).getByTestId('invite-from')).toHaveTextContent(
      'Grace Hopper (grace@delta.example) invited you to join the workspace Harbour Ops of Delta Shipping.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Joined Harbour Ops')).toBeInTheDocument();
    expect(api.callsTo('POST /api/workspaces/invite/confirm').map((call) => call.body)).toEqual([
      { workspaceId: 'w-9', memberId: 'i-9', joined: true, workspaceName: 'Harbour Ops' },
    ]);
    expect(
      await screen.findByRole('button', { name: 'Switch to Harbour Ops (Delta Shipping)' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('rail-invitation')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Workspace invitation' })).not.toBeInTheDocument(),
    );
  });

  it('ends the sentence once when the organization’s name ends with a full stop', async () => {
    serverWith([{ ...harbour, organizationName: 'Walker Freight Ltd.' }]);
    const user = userEvent.setup();
    renderRoutes(appRoutes, '/dashboard/ocean');

    await user.click(await invitationIcon('Invitation to Harbour Ops from Walker Freight Ltd.'));
    const dialog = await screen.findByRole('dialog', { name: 'Workspace invitation' });
    expect(within(dialog).getByTestId('invite-from')).toHaveTextContent(
      /invited you to join the workspace Harbour Ops of Walker Freight Ltd\.$/,
    );
  });

  it('Reject declines and says so; the icon goes', async () => {
    const api = serverWith([harbour], {
      'POST /api/workspaces/invite/confirm': () => {
        api.route('GET /api/workspaces/invite/list', ok([]));
        return ok({ workspaceName: 'Harbour Ops', joined: false }, 'Declined invitation to Harbour Ops');
      },
    });
    const user = userEvent.setup();
    renderRoutes(appRoutes, '/dashboard/ocean');

    await user.click(await invitationIcon('Invitation to Harbour Ops from Delta Shipping'));
    const dialog = await screen.findByRole('dialog', { name: 'Workspace invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Declined invitation to Harbour Ops')).toBeInTheDocument();
    expect(api.callsTo('POST /api/workspaces/invite/confirm')[0]?.body).toMatchObject({ joined: false });
    await waitFor(() => expect(screen.queryByTestId('rail-invitation')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Harbour Ops \(Delta Shipping\)/ })).not.toBeInTheDocument();
  });

  it('shows the loading state on the button pressed, and a refusal in the dialog', async () => {
    let answer: (response: Response) => void = () => {};
    serverWith([harbour], {
      'POST /api/workspaces/invite/confirm': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    renderRoutes(appRoutes, '/dashboard/ocean');

    await user.click(await invitationIcon('Invitation to Harbour Ops from Delta Shipping'));
    const dialog = await screen.findByRole('dialog', { name: 'Workspace invitation' });
    const accept = within(dialog).getByRole('button', { name: 'Accept' });
    await user.click(accept);

    await waitFor(() => expect(accept).toHaveAttribute('data-loading'));
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();

    act(() => answer(fail(404, 'NOT_FOUND', 'Invitation not found.')));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invitation not found.');
    expect(accept).not.toHaveAttribute('data-loading');
  });
});

describe('live invitations (spec §4)', () => {
  it('shows a new invitation when the socket says the invitations changed, without a reload', async () => {
    const api = serverWith([]);
    renderRoutes(appRoutes, '/dashboard/ocean');
    await waitFor(() => expect(api.callsTo('GET /api/workspaces/invite/list')).toHaveLength(1));

    const socket = FakeWebSocket.latest();
    // The tab's one socket for the user's events (ADR 0015).
    expect(socket.url).toMatch(/\/api\/ws\/events\?userId=u-1$/);
    act(() => socket.open());
    api.route('GET /api/workspaces/invite/list', ok([harbour]));
    act(() => socket.receive({ type: 'workspaceInvitations.changed' }));

    expect(await invitationIcon('Invitation to Harbour Ops from Delta Shipping')).toBeInTheDocument();
  });
});
