import { expect, test } from '../support/test';
import { type Page } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';

/** Every new user owns "Ada Lovelace Organization" with its "Default Workspace" (createSignedInUser's names). */
const ORGANIZATION = 'Ada Lovelace Organization';

const currentWorkspace = (page: Page) => page.getByTestId('current-workspace-name');

async function openWorkspaceMenuItem(page: Page, item: string) {
  await page.getByTestId('workspace-menu').click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe('organizations and workspaces', () => {
  test('create, switch through the rail, rename with the name rules, leave; never the default', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await createSignedInUser(page.request, 'workspaces');

    // Create a workspace on the overview page.
    await page.goto('/workspace-settings/overview');
    await expect(page.getByRole('heading', { level: 1, name: 'Workspace settings' })).toBeVisible();
    await expect(currentWorkspace(page)).toHaveText('Default Workspace');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    const create = page.getByRole('dialog', { name: 'Create workspace' });
    await create.getByRole('textbox', { name: 'Workspace name' }).fill('Imports Europe');
    await create.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page.getByText('Created Imports Europe')).toBeVisible();
    await expect(page.getByTestId('workspace-row').filter({ hasText: 'Imports Europe' })).toBeVisible();

    // Switch to it through the rail: the ocean dashboard, and its name in the top bar.
    const railIcon = page.getByRole('button', { name: `Switch to Imports Europe (${ORGANIZATION})` });
    await railIcon.click();
    await expect(page).toHaveURL(/\/dashboard\/ocean$/);
    await expect(currentWorkspace(page)).toHaveText('Imports Europe');
    await expect(railIcon).toHaveAttribute('aria-current', 'true');

    // Rename it: an invalid name shows the first failing rule, a valid one is saved everywhere.
    await openWorkspaceMenuItem(page, 'Workspace Settings');
    await expect(page).toHaveURL(/\/workspace-settings\/overview$/);
    await page.getByRole('button', { name: 'Edit Imports Europe' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Imports Europe' });
    const name = edit.getByRole('textbox', { name: 'Workspace name' });
    await name.fill('LLC');
    await expect(edit.getByText('String must not be a standalone abbreviation (LLC, INC).')).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await name.fill('Imports EU');
    await expect(edit.getByText('String must not be a standalone abbreviation (LLC, INC).')).toBeHidden();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Workspace saved')).toBeVisible();
    await expect(currentWorkspace(page)).toHaveText('Imports EU');
    await expect(page.getByRole('button', { name: `Switch to Imports EU (${ORGANIZATION})` })).toBeVisible();

    // Leave it from the top bar: back in the default workspace.
    await openWorkspaceMenuItem(page, 'Leave Workspace');
    const leave = page.getByRole('dialog', { name: 'Leave Imports EU?' });
    await expect(leave.getByRole('button', { name: 'Leave workspace' })).toBeEnabled();
    await expect(leave.getByTestId('leave-removes-from-organization')).toHaveCount(0);
    await leave.getByRole('button', { name: 'Leave workspace' }).click();
    await expect(page.getByText('You have been removed from Imports EU')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/ocean$/);
    await expect(currentWorkspace(page)).toHaveText('Default Workspace');
    await expect(page.getByRole('button', { name: /^Switch to Imports EU/ })).toHaveCount(0);

    // The company admin cannot leave the default workspace, and is told why.
    await openWorkspaceMenuItem(page, 'Leave Workspace');
    const refuse = page.getByRole('dialog', { name: 'Leave Default Workspace?' });
    const confirm = refuse.getByRole('button', { name: 'Leave workspace' });
    await expect(confirm).toBeDisabled();
    await confirm.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Cannot leave default workspace');
    await confirm.click({ force: true });
    await expect(refuse).toBeVisible();
    await expect(currentWorkspace(page)).toHaveText('Default Workspace');
  });

  test('at 800 px the rail lives in the drawer, and switching closes it', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await createSignedInUser(page.request, 'workspaces-narrow');
    const created = await page.request.post('/api/workspaces/create', {
      data: { workspaceName: 'Exports Asia' },
    });
    expect(created.ok()).toBe(true);

    await page.goto('/shipments/ocean/active');
    await expect(currentWorkspace(page)).toHaveText('Default Workspace');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByTestId('sidebar-drawer');
    await drawer.getByRole('button', { name: `Switch to Exports Asia (${ORGANIZATION})` }).click();

    await expect(page).toHaveURL(/\/dashboard\/ocean$/);
    await expect(drawer).toBeHidden();
    await expect(currentWorkspace(page)).toHaveText('Exports Asia');
  });
});
