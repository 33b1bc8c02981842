import { expect, test } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';

test.describe('auth guard and layouts', () => {
  test('a visitor is sent to sign-in, shown in the split layout with the tagline', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard/ocean');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(page.getByTestId('auth-split-layout')).toBeVisible();
    await expect(page.getByTestId('auth-image-panel')).toBeVisible();
    await expect(
      page.getByText('Track your shipments in real-time to gain full supply chain visibility'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('the image panel gives way to the form on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth/sign-in');
    await expect(page.getByTestId('auth-split-layout')).toBeVisible();
    await expect(page.getByTestId('auth-image-panel')).toBeHidden();
  });

  test('legal and expired-link pages use the plain layout without signing in', async ({ page }) => {
    for (const path of ['/legal', '/expiredLink']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByTestId('plain-layout')).toBeVisible();
    }
  });

  test('the API keeps answering JSON under the web app', async ({ request }) => {
    const health = await request.get('/api/health');
    expect(await health.json()).toMatchObject({ success: true, result: { database: 'ok' } });
    const missing = await request.get('/api/no-such-route');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

test.describe('main shell', () => {
  test('at 1280 px: sidebar beside the content, collapsible from 236 to 67 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await createSignedInUser(page.request, 'shell-wide');
    await page.goto('/auth/sign-in');
    // A signed-in user on an /auth path goes home.
    await expect(page).not.toHaveURL(/\/auth\//);
    await expect(page.getByTestId('main-shell')).toBeVisible();
    await expect(page.getByTestId('top-bar')).toBeVisible();
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    expect((await sidebar.boundingBox())?.width).toBe(236);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(67);
    // The choice survives a reload (persisted UI state).
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width).toBe(236);
  });

  test('the site-type switch swaps the page for its counterpart', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await createSignedInUser(page.request, 'shell-switch');
    await page.goto('/shipments/ocean/archived');
    await page.getByTestId('site-type-switcher').getByText('Ground').click();
    await expect(page).toHaveURL(/\/shipments\/truck\/express\/archived$/);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/truck\/express$/);
  });

  test('at 800 px: no sidebar until opened, and the drawer closes again', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await createSignedInUser(page.request, 'shell-narrow');
    await page.goto('/dashboard/ocean');
    await expect(page.getByTestId('main-shell')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByTestId('sidebar-drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Shipment History' }).click();
    await expect(page).toHaveURL(/\/shipment-history\/ocean\/tracking-history$/);
    await expect(drawer).toBeHidden();
  });
});
