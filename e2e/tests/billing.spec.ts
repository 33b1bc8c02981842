import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';

test.describe('plans and billing (no payment provider: admins change plans directly)', () => {
  test('the pricing table switches month/year, and a company admin moves to Team', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'billing');
    await page.goto('/payment/pricing-table');
    const team = page.getByRole('region', { name: 'Team' });
    await expect(team).toContainText('$49 per month');
    await expect(page.getByRole('region', { name: 'Free' })).toContainText('Current plan');
    await page.getByText('Yearly', { exact: true }).click();
    await expect(team).toContainText('$490 per year');
    await page.screenshot({ path: test.info().outputPath('pricing-1440.png'), fullPage: true });
    await team.getByRole('button', { name: 'Choose Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change to Team?' });
    await dialog.getByRole('button', { name: 'Change to Team' }).click();
    await expect(page.getByText('Your organization is now on Team.')).toBeVisible();
    await expect(team).toContainText('Current plan');

    await page.goto('/settings/billing');
    await expect(page.getByRole('heading', { level: 2, name: 'Team' })).toBeVisible();
    await expect(page.getByTestId('usage-seats')).toContainText('1 of 25');
    await expect(page.getByTestId('usage-active-shipments')).toContainText('0 of 500');
    await expect(page.getByText(/\$490 per year, renews on \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('billing-1440.png'), fullPage: true });
  });

  test('both pages fit a 390 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await createSignedInUser(page.request, 'billing-phone');
    for (const [path, name] of [
      ['/payment/pricing-table', 'pricing-390.png'],
      ['/settings/billing', 'billing-390.png'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
    }
  });
});
