import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVITE_MESSAGES } from '@tracklane/shared/invitations/invitations.schema';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import { testUser } from '../test/http';
import {
  acme,
  acmeDefault,
  acmeImports,
  beta,
  organizationMembers,
  overview,
  selectionOf,
  withCount,
} from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

type Routes = Parameters<typeof fakeApi>[0];

/** A company admin working in Acme's Imports Europe; `seats` sets the overview's usage and limit. */
function adminServer({ memberUsage = 1, memberLimit = 50 } = {}, extra: Routes = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme, beta]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeImports)),
    'GET /api/workspaces/invite/list': ok([]),
    'GET /api/organization/overview': ok(overview({ memberUsage, memberLimit })),
    'GET /api/workspaces/getAll': ok([withCount(acmeDefault, 2), withCount(acmeImports, 1)]),
    ...extra,
  });
}

async function openInvitePeople() {
  const user = userEvent.setup();
  renderRoutes(appRoutes, '/dashboard/ocean');
  await waitFor(() => expect(screen.getByTestId('workspace-menu')).toHaveTextContent('Imports Europe'));
  await user.click(screen.getByTestId('workspace-menu'));
  await user.click(screen.getByRole('menuitem', { name: 'Invite People' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite People' });
  const field = within(dialog).getByRole('textbox', { name: 'E-mail addresses' });
  // The seats are known once the overview has answered.
  await within(dialog).findByTestId('invite-seats');
  return { user, dialog, field };
}

const chipTexts = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByTestId('email-chip')
    .map((chip) => chip.textContent);

beforeAll(() => {
  // jsdom has no layout: Mantine's comboboxes scroll the active option into view.
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  signInAsAgreedUser();
});

describe('Invite People chips (spec §5, §9)', () => {
  it('adds a chip on Enter, comma or Tab, and removes the last one with Backspace', async () => {
    adminServer();
    const { user, dialog, field } = await openInvitePeople();

    await user.type(field, 'grace@example.com{Enter}');
    await user.type(field, 'alan@example.com,');
    await user.type(field, 'edsger@example.com');
    await user.keyboard('{Tab}');

    expect(chipTexts(dialog)).toEqual(['grace@example.com', 'alan@example.com', 'edsger@example.com']);
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(chipTexts(dialog)).toEqual(['grace@example.com', 'alan@example.com']);
  });

  it('holds at most five chips at a time', async () => {
    adminServer();
    const { user, dialog, field } = await openInvitePeople();

    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) await user.type(field, `${name}@example.com{Enter}`);

    expect(chipTexts(dialog)).toHaveLength(5);
    expect(field).toHaveValue('f@example.com');
    expect(within(dialog).getByLabelText('5 of 5 addresses')).toBeInTheDocument();
  });

  it('says so and adds no more once chips + seats in use reach the seat limit', async () => {
    adminServer({ memberUsage: 3, memberLimit: 5 });
    const { user, dialog, field } = await openInvitePeople();

    await user.type(field, 'a@example.com{Enter}');
    expect(within(dialog).queryByText(INVITE_MESSAGES.seatLimit)).not.toBeInTheDocument();
    await user.type(field, 'b@example.com{Enter}');
    expect(within(dialog).getByText(INVITE_MESSAGES.seatLimit)).toBeInTheDocument();

    await user.type(field, 'c@example.com{Enter}');
    expect(chipTexts(dialog)).toEqual(['a@example.com', 'b@example.com']);
    expect(field).toHaveValue('c@example.com');

    // A seat comes back when a chip goes.
    await user.click(within(dialog).getByRole('button', { name: 'Remove b@example.com' }));
    expect(within(dialog).queryByText(INVITE_MESSAGES.seatLimit)).not.toBeInTheDocument();
  });

  it('shows invalid addresses and the user’s own in red, with the reason on hover and below', async () => {
    adminServer();
    const { user, dialog, field } = await openInvitePeople();

    await user.type(field, 'grace@{Enter}');
    await user.type(field, `${testUser.email}{Enter}`);
    await user.type(field, 'alan@example.com{Enter}');

    const [broken, own, fine] = within(dialog).getAllByTestId('email-chip');
    expect(broken).toHaveAttribute('data-invalid');
    expect(own).toHaveAttribute('data-invalid');
    expect(fine).not.toHaveAttribute('data-invalid');
    const reasons = within(dialog).getByTestId('invalid-chips');
    expect(reasons).toHaveTextContent('grace@: Enter a valid e-mail address');
    expect(reasons).toHaveTextContent(`${testUser.email}: ${INVITE_MESSAGES.yourself}`);

    await user.hover(own!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(INVITE_MESSAGES.yourself);
    expect(within(dialog).getByRole('button', { name: 'Invite' })).toBeDisabled();
  });

  it('splits a pasted list into chips, and refuses a list of more than 50', async () => {
    adminServer();
    const { user, dialog, field } = await openInvitePeople();

    await user.click(field);
    await user.paste('grace@example.com, alan@example.com\nedsger@example.com barbara@example.com');
    expect(chipTexts(dialog)).toEqual([
      'grace@example.com',
      'alan@example.com',
      'edsger@example.com',
      'barbara@example.com',
    ]);

    await user.paste(Array.from({ length: 48 }, (_, n) => `p${String(n)}@example.com`).join('\n'));
    expect(within(dialog).getByText('Can only send 50 invites at a time.')).toBeInTheDocument();
    expect(chipTexts(dialog)).toHaveLength(4);
  });
});

describe('sending invitations (spec §5, §8)', () => {
  it('enables Invite only with an address and a workspace, sends both, and says how many were invited', async () => {
    const api = adminServer(
      {},
      {
        'POST /api/workspaces/invite/new': ok({ invited: 2, alreadyMembers: [] }, INVITE_MESSAGES.invited(2)),
      },
    );
    const { user, dialog, field } = await openInvitePeople();
    const invite = within(dialog).getByRole('button', { name: 'Invite' });
    const workspaces = within(dialog).getByRole('combobox', { name: 'Workspaces' });

    // The current workspace is chosen already; no address yet.
    expect(within(dialog).getByTestId('invite-workspaces')).toHaveTextContent('Imports Europe');
    expect(invite).toBeDisabled();
    await user.type(field, 'grace@example.com{Enter}');
    expect(invite).toBeEnabled();

    await user.click(workspaces);
    await user.keyboard('{Backspace}');
    expect(invite).toBeDisabled();
    await user.click(await screen.findByRole('option', { name: 'Default Workspace' }));
    await user.click(await screen.findByRole('option', { name: 'Imports Europe' }));
    await user.type(field, 'alan@example.com{Enter}');
    expect(invite).toBeEnabled();

    await user.click(invite);

    expect(await screen.findByText('Successfully invited 2 member(s).')).toBeInTheDocument();
    expect(api.callsTo('POST /api/workspaces/invite/new').map((call) => call.body)).toEqual([
      { emails: ['grace@example.com', 'alan@example.com'], workspaceIds: ['w-1', 'w-2'] },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Invite People' })).not.toBeInTheDocument(),
    );
  });

  it('shows a refusal in the dialog and keeps what was typed', async () => {
    adminServer({}, { 'POST /api/workspaces/invite/new': fail(409, 'CONFLICT', INVITE_MESSAGES.seatLimit) });
    const { user, dialog, field } = await openInvitePeople();

    await user.type(field, 'grace@example.com{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(INVITE_MESSAGES.seatLimit);
    expect(chipTexts(dialog)).toEqual(['grace@example.com']);
  });

  it('is not offered to general users', async () => {
    fakeApi({
      'GET /api/workspaces/get': ok([acme, beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(beta.workspaces[0]!)),
      'GET /api/workspaces/invite/list': ok([]),
    });
    const user = userEvent.setup();
    renderRoutes(appRoutes, '/dashboard/ocean');
    await waitFor(() => expect(screen.getByTestId('workspace-menu')).toHaveTextContent('Rotterdam Desk'));
    await user.click(screen.getByTestId('workspace-menu'));
    expect(screen.queryByRole('menuitem', { name: 'Invite People' })).not.toBeInTheDocument();
  });
});

describe('pending invitations on the members page', () => {
  const pending = [
    {
      memberId: 'i-1',
      email: 'grace@example.com',
      workspaceId: 'w-2',
      workspaceName: 'Imports Europe',
      createdAt: '2025-03-01T09:30:00.000Z',
      lastSentAt: '2025-03-02T14:05:00.000Z',
    },
  ];

  it('lists them with Resend, and shows what the server answers, including its once-a-minute limit', async () => {
    const api = adminServer(
      {},
      {
        'GET /api/workspaces/members/get': ok(organizationMembers),
        'GET /api/workspaces/invite/pending': ok(pending),
        'POST /api/workspaces/invite/resend': ok(null, 'Invitation sent again to grace@example.com'),
      },
    );
    const user = userEvent.setup();
    renderRoutes(appRoutes, '/workspace-settings/members');

    const row = await screen.findByTestId('pending-invitation-row');
    expect(row).toHaveTextContent('grace@example.com');
    expect(row).toHaveTextContent('Imports Europe');
    // Dates in the user's time zone (Europe/London), day/month/year.
    expect(row).toHaveTextContent('01/03/2025');
    expect(row).toHaveTextContent('02/03/2025 14:05');

    const resend = within(row).getByRole('button', {
      name: 'Resend the invitation to grace@example.com for Imports Europe',
    });
    await user.click(resend);
    expect(await screen.findByText('Invitation sent again to grace@example.com')).toBeInTheDocument();
    expect(api.callsTo('POST /api/workspaces/invite/resend').map((call) => call.body)).toEqual([
      { memberId: 'i-1' },
    ]);

    api.route(
      'POST /api/workspaces/invite/resend',
      fail(429, 'RATE_LIMITED', 'This invitation was sent less than a minute ago.'),
    );
    await user.click(resend);
    expect(await screen.findByText('This invitation was sent less than a minute ago.')).toBeInTheDocument();
  });

  it('withdraws one after asking: the row goes and its seat is free', async () => {
    let rows = pending;
    const api = adminServer(
      {},
      {
        'GET /api/workspaces/members/get': ok(organizationMembers),
        'GET /api/workspaces/invite/pending': () => ok(rows),
        'POST /api/workspaces/invite/withdraw': () => {
          rows = [];
          return ok(null, 'Invitation to grace@example.com for Imports Europe withdrawn');
        },
      },
    );
    const user = userEvent.setup();
    renderRoutes(appRoutes, '/workspace-settings/members');

    const row = await screen.findByTestId('pending-invitation-row');
    await user.click(
      within(row).getByRole('button', {
        name: 'Withdraw the invitation to grace@example.com for Imports Europe',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw invitation?' });
    expect(dialog).toHaveTextContent('The link in their e-mail will say it was withdrawn.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));

    expect(
      await screen.findByText('Invitation to grace@example.com for Imports Europe withdrawn'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/workspaces/invite/withdraw').map((call) => call.body)).toEqual([
      { memberId: 'i-1' },
    ]);
    expect(await screen.findByTestId('no-pending-invitations')).toBeInTheDocument();
  });

  it('opens Invite People from the page', async () => {
    adminServer(
      {},
      {
        'GET /api/workspaces/members/get': ok(organizationMembers),
        'GET /api/workspaces/invite/pending': ok([]),
      },
    );
    const user = userEvent.setup();
    renderRoutes(appRoutes, '/workspace-settings/members');

    expect(await screen.findByTestId('no-pending-invitations')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite People' }));
    expect(await screen.findByRole('dialog', { name: 'Invite People' })).toBeInTheDocument();
  });
});
