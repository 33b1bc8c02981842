import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { type Page } from '@playwright/test';
import { dataDir } from '../playwright.config';
import { createSignedInUser } from '../support/accounts';

/** The demo account the server seeds on its first start; its generated password is in DATA_DIR. */
const DEMO_EMAIL = 'demo@tracklane.local';
const demoPassword = () => readFileSync(path.join(dataDir, 'demo-account.txt'), 'utf8').trim();

const markers = (page: Page) => page.getByRole('region', { name: 'Live map' }).locator('button[data-kind]');

/**
 * The map's markers once the demo shipments have been checked: the workers refresh them within
 * seconds of the start, and the dashboard's Refresh button asks again without a reload.
 */
async function waitForMarkers(page: Page) {
  await expect
    .poll(
      async () => {
        if ((await markers(page).count()) === 0)
          await page.getByRole('button', { name: 'Refresh the dashboard' }).click();
        return markers(page).count();
      },
      { timeout: 45_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0);
}

/** The shipments the markers stand for: the sum of their counts (a marker's label ends "N shipment(s)"). */
async function shipmentsOnMap(page: Page): Promise<number> {
  const labels = await markers(page).evaluateAll((buttons) =>
    buttons.map((b) => b.getAttribute('aria-label') ?? ''),
  );
  return labels.reduce((sum, label) => sum + Number(/(\d+) shipments?$/.exec(label)?.[1] ?? 0), 0);
}

test.describe('home and dashboards', () => {
  test('the demo dashboards show the demo shipments on the map, and a marker opens a shipment', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/auth/sign-in');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(DEMO_EMAIL);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword());
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The demo account is new on this server: it accepts the user agreement first.
    await page.getByRole('button', { name: 'I agree' }).click();

    // Home is the dashboard of the current site type for a workspace with shipments.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ocean dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Needs attention' })).toBeVisible();
    await waitForMarkers(page);
    // The routes are drawn.
    await expect(
      page.getByRole('region', { name: 'Shipments map' }).locator('svg path[stroke-width]').first(),
    ).toBeAttached();
    // A dozen demo containers, some not found by the demo carrier: those have no place.
    const onMap = await shipmentsOnMap(page);
    expect(onMap).toBeGreaterThan(0);
    expect(onMap).toBeLessThanOrEqual(12);
    // Dates as every page writes them (spec §9: day/month/year), never ISO.
    await expect(page.locator('main')).not.toContainText(/\d{4}-\d{2}-\d{2}/);

    // A marker lists its shipments; one opens its detail page.
    await markers(page).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const first = dialog.getByRole('link').first();
    const containerNo = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/shipment/ocean/${containerNo}/`));
    await expect(page.getByRole('heading', { level: 1, name: `Container ${containerNo}` })).toBeVisible();
    // The detail page shows the same map, with the container where the dashboard put it.
    const detailMap = page.getByRole('region', { name: 'Map' });
    await expect(detailMap.locator('button[data-kind]')).toHaveCount(1);

    // The ground dashboard: the demo parcels on the map too.
    await page.goto('/dashboard/truck/express');
    await expect(page.getByRole('heading', { level: 1, name: 'Ground dashboard' })).toBeVisible();
    await waitForMarkers(page);
    expect(await shipmentsOnMap(page)).toBeGreaterThan(0);
  });

  test('a new user lands on a welcome that says what to do first', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await createSignedInUser(page.request, 'welcome');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Tracklane' })).toBeVisible();
    await page.getByRole('link', { name: 'Add a container' }).click();
    await expect(page).toHaveURL(/\/new-shipments\/ocean$/);
    // Nothing on the page scrolls sideways on a phone.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Tracklane' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
