import { expect, newUserContext, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';

/** Every new user owns "Ada Lovelace Organization" (createSignedInUser's names). */
const ORGANIZATION = 'Ada Lovelace Organization';
const WORKSPACE = 'Harbour Ops';

test.describe('workspace invitations', () => {
  test('an admin invites through Invite People; the invitee sees it live, accepts and gets the workspace', async ({
    browser,
  }) => {
    const viewport = { width: 1280, height: 800 };
    const adminContext = await newUserContext(browser, { viewport });
    const inviteeContext = await newUserContext(browser, { viewport });
    const admin = await adminContext.newPage();
    const invitee = await inviteeContext.newPage();

    const adminAccount = await createSignedInUser(admin.request, 'admin');
    const inviteeAccount = await createSignedInUser(invitee.request, 'invitee');
    const created = await admin.request.post('/api/workspaces/create', {
      data: { workspaceName: WORKSPACE },
    });
    expect(created.ok()).toBe(true);

    // The invitee opens the app and stays on it: the socket carries what happens next.
    const socket = invitee.waitForEvent('websocket', (ws) =>
      // The tab's one socket for the user's events, invitations among them (ADR 0015).
      ws.url().includes('/api/ws/events'),
    );
    await invitee.goto('/dashboard/ocean');
    expect((await socket).url()).toContain(`userId=${inviteeAccount.userId}`);
    await expect(invitee.getByTestId('current-workspace-name')).toHaveText('Default Workspace');
    await expect(invitee.getByTestId('rail-invitation')).toHaveCount(0);
    // Set on this very document: still there at the end means the page never reloaded.
    await invitee.evaluate(() => {
      (window as unknown as { stayedOnPage: boolean }).stayedOnPage = true;
    });

    // The admin works in Harbour Ops and invites the invitee from the top bar.
    await admin.goto('/dashboard/ocean');
    await admin.getByRole('button', { name: `Switch to ${WORKSPACE} (${ORGANIZATION})` }).click();
    await expect(admin.getByTestId('current-workspace-name')).toHaveText(WORKSPACE);
    await admin.getByTestId('workspace-menu').click();
    await admin.getByRole('menuitem', { name: 'Invite People' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite People' });
    const emails = dialog.getByRole('textbox', { name: 'E-mail addresses' });
    const invite = dialog.getByRole('button', { name: 'Invite', exact: true });
    await expect(dialog.getByTestId('invite-workspaces')).toContainText(WORKSPACE);
    await expect(invite).toBeDisabled();

    // Their own address is refused in red, with the reason.
    await emails.fill(adminAccount.email);
    await emails.press('Enter');
    await expect(dialog.getByTestId('email-chip').filter({ hasText: adminAccount.email })).toHaveAttribute(
      'data-invalid',
    );
    await expect(dialog.getByTestId('invalid-chips')).toContainText('Cannot sent invite to yourself.');
    await expect(invite).toBeDisabled();
    await dialog.getByRole('button', { name: `Remove ${adminAccount.email}` }).click();

    await emails.fill(inviteeAccount.email);
    await emails.press('Enter');
    await expect(invite).toBeEnabled();
    await invite.click();
    await expect(admin.getByText('Successfully invited 1 member(s).')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The admin sees it pending on the members page.
    await admin.goto('/workspace-settings/members');
    await expect(
      admin.getByTestId('pending-invitation-row').filter({ hasText: inviteeAccount.email }),
    ).toContainText(WORKSPACE);

    // The invitee's rail shows it with a red dot, without a reload.
    const icon = invitee.getByRole('button', { name: `Invitation to ${WORKSPACE} from ${ORGANIZATION}` });
    await expect(icon).toBeVisible();
    await expect(icon.getByTestId('invitation-dot')).toBeVisible();

    await icon.click();
    const invitation = invitee.getByRole('dialog', { name: 'Workspace invitation' });
    await expect(invitation.getByTestId('invite-from')).toContainText(
      `Ada Lovelace (${adminAccount.email}) invited you to join the workspace ${WORKSPACE} of ${ORGANIZATION}.`,
    );
    await invitation.getByRole('button', { name: 'Accept' }).click();

    await expect(invitee.getByText(`Joined ${WORKSPACE}`)).toBeVisible();
    await expect(invitation).toBeHidden();
    await expect(
      invitee.getByRole('button', { name: `Switch to ${WORKSPACE} (${ORGANIZATION})` }),
    ).toBeVisible();
    await expect(invitee.getByTestId('rail-invitation')).toHaveCount(0);
    expect(await invitee.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(
      true,
    );

    await adminContext.close();
    await inviteeContext.close();
  });
});
