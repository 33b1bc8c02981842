import { randomInt } from 'node:crypto';
import { expect, test } from '../support/test';
import { type Page } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';
import { withCheckDigit } from '../support/containers';

/** createSignedInUser's organization. */
const ORGANIZATION = 'Ada Lovelace Organization';

const currentWorkspace = (page: Page) => page.getByTestId('current-workspace-name');

/** A user with a second workspace, "Imports Europe", selected; returns its id. */
async function userWithImports(page: Page, label: string) {
  await createSignedInUser(page.request, label);
  const created = await page.request.post('/api/workspaces/create', {
    data: { workspaceName: 'Imports Europe' },
  });
  expect(created.ok()).toBe(true);
  const importsId = ((await created.json()) as { result: { id: string } }).result.id;
  await page.request.post('/api/workspaces/currentId', { data: { workspaceId: importsId } });
}

/** Adds a container through the new-shipment form, in the workspace the page shows. */
async function addContainer(page: Page) {
  const containerNo = withCheckDigit(`MSCU${String(randomInt(100000, 999999))}`);
  const mblNo = `MEDU${String(randomInt(10_000_000, 99_999_999))}`;
  await page.goto('/new-shipments/ocean');
  await page.getByRole('textbox', { name: /Container number/ }).fill(containerNo);
  await page.getByRole('textbox', { name: /Master bill of lading/ }).fill(mblNo);
  await page.getByRole('button', { name: 'Track shipment' }).click();
  await expect(page.getByText(`Now tracking ${containerNo}`)).toBeVisible();
  return { containerNo, mblNo };
}

/** "mscu 123 456": lower case and spaced, as people type a number they read off a document. */
const typed = (containerNo: string) =>
  `${containerNo.slice(0, 4).toLowerCase()} ${containerNo.slice(4, 7)} ${containerNo.slice(7, 10)}`;

test.describe('search across workspaces', () => {
  test('a container added in one workspace is found from another through the top bar, and opens there', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await userWithImports(page, 'search');
    const { containerNo, mblNo } = await addContainer(page);
    await expect(currentWorkspace(page)).toHaveText('Imports Europe');

    // Back in the default workspace, through the rail.
    await page.getByRole('button', { name: `Switch to Default Workspace (${ORGANIZATION})` }).click();
    await expect(page).toHaveURL(/\/dashboard\/ocean$/);
    await expect(currentWorkspace(page)).toHaveText('Default Workspace');

    // Ctrl+K, then the number as read off a document.
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: /Search shipments/ });
    await expect(box).toBeFocused();
    await box.pressSequentially(typed(containerNo));
    const result = page.getByRole('option').filter({ hasText: containerNo });
    await expect(result).toBeVisible();
    await expect(result).toContainText(`B/L ${mblNo}`);
    await expect(result.getByTestId('search-result-workspace')).toHaveText(
      `Imports Europe · ${ORGANIZATION}`,
    );
    await expect(box).toHaveAttribute('aria-activedescendant', (await result.getAttribute('id'))!);

    // Enter opens it in its own workspace, switched to first.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/shipment/ocean/${containerNo}/${mblNo}\\?timeZone=`));
    await expect(page.getByRole('heading', { level: 1, name: `Container ${containerNo}` })).toBeVisible();
    await expect(currentWorkspace(page)).toHaveText('Imports Europe');

    // A number nobody follows.
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await box.fill('ZZZU000');
    await expect(page.getByText('No shipment matches “ZZZU000”')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
  });

  test('on a 390 px phone the search opens from an icon across the bar, and nothing scrolls sideways', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await userWithImports(page, 'search-phone');
    const { containerNo, mblNo } = await addContainer(page);
    await page.request.post('/api/workspaces/currentId', {
      data: { workspaceId: await defaultWorkspaceId(page) },
    });

    await page.goto('/dashboard/ocean');
    await expect(currentWorkspace(page)).toHaveText('Default Workspace');
    const box = page.getByRole('combobox', { name: /Search shipments/ });
    await expect(box).toBeHidden();
    await page.getByRole('button', { name: 'Search shipments' }).click();
    await expect(box).toBeFocused();
    await box.pressSequentially(containerNo.slice(0, 8));
    const result = page.getByRole('option').filter({ hasText: containerNo });
    await expect(result).toBeVisible();
    await expect(result.getByTestId('search-result-workspace')).toHaveText(
      `Imports Europe · ${ORGANIZATION}`,
    );

    // The list spans the screen and no wider.
    const list = await page.getByTestId('search-panel').boundingBox();
    expect(list!.x).toBeGreaterThanOrEqual(0);
    expect(list!.x + list!.width).toBeLessThanOrEqual(390);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    await result.click();
    await expect(page).toHaveURL(new RegExp(`/shipment/ocean/${containerNo}/${mblNo}\\?timeZone=`));
    await expect(currentWorkspace(page)).toHaveText('Imports Europe');
    // The box folded away again: the bar is the bar.
    await expect(box).toBeHidden();
  });
});

async function defaultWorkspaceId(page: Page): Promise<string> {
  const organizations = (await (await page.request.get('/api/workspaces/get')).json()) as {
    result: { workspaces: { workspaceId: string; isDefault: boolean }[] }[];
  };
  return organizations.result[0]!.workspaces.find((w) => w.isDefault)!.workspaceId;
}
