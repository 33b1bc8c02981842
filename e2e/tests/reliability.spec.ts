import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';
import { withCheckDigit } from '../support/containers';

/*
 * The demo carrier starts each voyage up to 47 days before tracking starts, so among thirty demo
 * containers some have arrived at their first check: their refresh writes the arrival facts and
 * roll-ups the page reads.
 */
const BOXES = Array.from({ length: 30 }, (_, i) => ({
  containerNo: withCheckDigit(`TLRU${String(470100 + i)}`),
  mblNo: `MEDU47${String(100000 + i)}`,
  carrierScac: 'MSCU',
}));

test.describe('reliability', () => {
  test('measures the arrived demo containers and reads well on a desktop and a phone', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'reliability');
    const intake = await page.request.post('/api/shipments/ocean', { data: { items: BOXES } });
    expect(intake.ok()).toBe(true);

    await page.goto('/reliability');
    await expect(page.getByRole('heading', { level: 1, name: 'Carrier reliability' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('link', { name: 'Reliability' })).toHaveAttribute('aria-current', 'page');
    // The refreshes arrive over the socket: the page refetches without a reload.
    await expect(page.getByRole('heading', { name: 'Per carrier' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('img', { name: 'On-time share by month' })).toBeVisible();
    await expect(page.getByText(/Sea-Intelligence/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('reliability-1440.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'Per carrier' })).toBeVisible();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('reliability-390.png'), fullPage: true });
  });
});
