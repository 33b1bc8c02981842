import { expect, test } from '../support/test';
import { type Page } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';

/** createSignedInUser's organization; every new user owns it with its "Default Workspace". */
const ORGANIZATION = 'Ada Lovelace Organization';
// Valid check digit and a bill of lading the carrier is read from; the user is new, so nothing clashes.
const CONTAINER = 'MSCU1234566';
const BILL = 'MEDU12345678';

const currentWorkspace = (page: Page) => page.getByTestId('current-workspace-name');

test('two tabs of one session each work in the workspace they show, without refused calls', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const refused: string[] = [];
  context.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${String(response.status())} ${response.url()}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await createSignedInUser(page.request, 'two-tabs');
  const created = await page.request.post('/api/workspaces/create', {
    data: { workspaceName: 'Imports Europe' },
  });
  expect(created.ok()).toBe(true);

  // Tab A: the new-shipment form of the default workspace.
  await page.goto('/new-shipments/ocean');
  await expect(currentWorkspace(page)).toHaveText('Default Workspace');

  // Tab B, same session: switches to Imports Europe.
  const other = await context.newPage();
  await other.setViewportSize({ width: 1280, height: 800 });
  await other.goto('/dashboard/ocean');
  await other.getByRole('button', { name: `Switch to Imports Europe (${ORGANIZATION})` }).click();
  await expect(currentWorkspace(other)).toHaveText('Imports Europe');

  // Tab A still shows the default workspace, and its write lands there.
  await page.getByRole('textbox', { name: /Container number/ }).fill(CONTAINER);
  await page.getByRole('textbox', { name: /Master bill of lading/ }).fill(BILL);
  await page.getByRole('button', { name: 'Track shipment' }).click();
  await expect(page.getByText(`Now tracking ${CONTAINER}`)).toBeVisible();
  await expect(currentWorkspace(page)).toHaveText('Default Workspace');
  await page.getByRole('link', { name: 'See the list' }).click();
  await expect(page.getByTestId('shipment-row').filter({ hasText: CONTAINER })).toBeVisible();

  // Tab B, used again, is still in Imports Europe, where nothing was added.
  await other.getByRole('link', { name: 'Shipment List' }).first().click();
  await expect(other.getByTestId('empty-active')).toBeVisible();
  await expect(currentWorkspace(other)).toHaveText('Imports Europe');
  await expect(other.getByText(/no longer have access/)).toHaveCount(0);
  expect(refused).toEqual([]);
});
