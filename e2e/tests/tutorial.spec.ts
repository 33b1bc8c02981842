import { expect, test } from '../support/test';
import { type Page } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';

const tooltip = (page: Page) => page.getByRole('dialog', { name: "Welcome! Let's start tracking" });

test.describe('first-use tutorial (spec §2 Tutorial tooltip)', () => {
  test('at 1280 px it shows on /, the dashboards and /new-shipments/create, 400 px wide, nowhere else', async ({
    page,
  }) => {
    // Seven full page loads, each starting the app afresh: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createSignedInUser(page.request, 'tutorial', { tutorial: true });
    for (const path of ['/', '/dashboard/ocean', '/dashboard/truck/express', '/new-shipments/create']) {
      await page.goto(path);
      await expect(tooltip(page), path).toBeVisible();
      await expect(tooltip(page)).toContainText('Go to New Shipment');
      for (const name of ["Don't show me again", 'CANCEL', 'NEXT'])
        await expect(tooltip(page).getByRole('button', { name, exact: true })).toBeVisible();
      expect((await tooltip(page).boundingBox())?.width).toBe(400);
    }
    await page.goto('/');
    await page.screenshot({ path: test.info().outputPath('tutorial-1280.png') });
    for (const path of ['/shipments/ocean/active', '/settings/profile', '/new-shipments/ocean']) {
      await page.goto(path);
      await expect(page.getByTestId('main-shell')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(tooltip(page), path).toHaveCount(0);
    }
  });

  test('at 900 px it stays hidden, and shows once the window is wider than 1024 px', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await createSignedInUser(page.request, 'tutorial-narrow', { tutorial: true });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Tracklane' })).toBeVisible();
    await expect(tooltip(page)).toHaveCount(0);
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.getByRole('heading', { name: 'Welcome to Tracklane' })).toBeVisible();
    await expect(tooltip(page)).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(tooltip(page)).toBeVisible();
    await page.setViewportSize({ width: 900, height: 800 });
    await expect(tooltip(page)).toHaveCount(0);
  });

  test('a visitor never sees it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByTestId('tutorial-tooltip')).toHaveCount(0);
  });

  test("Don't show me again turns it off on the server; CANCEL only for this visit", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await createSignedInUser(page.request, 'tutorial-off', { tutorial: true });
    await page.goto('/dashboard/ocean');
    await tooltip(page).getByRole('button', { name: 'CANCEL' }).click();
    await expect(tooltip(page)).toHaveCount(0);
    await page.reload();
    await expect(tooltip(page)).toBeVisible();
    await tooltip(page).getByRole('button', { name: "Don't show me again" }).click();
    await expect(tooltip(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Ocean dashboard' })).toBeVisible();
    await expect(tooltip(page)).toHaveCount(0);
  });

  test('NEXT goes to /new-shipments/{siteType} and guides the first shipment', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await createSignedInUser(page.request, 'tutorial-next', { tutorial: true });
    await page.goto('/dashboard/truck/express');
    await tooltip(page).getByRole('button', { name: 'NEXT' }).click();
    await expect(page).toHaveURL(/\/new-shipments\/truck\/express$/);
    const add = page.getByRole('dialog', { name: 'Add your first shipment' });
    await expect(add).toBeVisible();
    await add.getByRole('button', { name: 'NEXT' }).click();
    const list = page.getByRole('dialog', { name: 'Follow it from the list' });
    await expect(list).toBeVisible();
    await list.getByRole('button', { name: 'DONE' }).click();
    await expect(list).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Tracklane' })).toBeVisible();
    await expect(tooltip(page)).toHaveCount(0);
  });
});
