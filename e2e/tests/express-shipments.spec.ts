import { randomInt } from 'node:crypto';
import { expect, test } from '../support/test';
import { type Page } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const row = (page: Page, trackingNo: string) =>
  page.getByTestId('shipment-row').filter({ hasText: trackingNo });
const switchTo = (page: Page, type: 'Ocean' | 'Ground') =>
  page.getByTestId('site-type-switcher').getByText(type, { exact: true }).click();

test.describe('ground (express) shipments', () => {
  test('add a parcel, follow it in the list and its detail, and switch site type back and forth', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'express');
    const trackingNo = '1Z5R89390357567127';

    // The form recognises the carrier as the number is typed, check digit included.
    await page.goto('/new-shipments/truck/express');
    const input = page.getByRole('textbox', { name: /Tracking number/ });
    await input.fill('1Z5R89390357567128');
    await expect(page.getByText('The check digit of this UPS number is wrong.')).toBeVisible();
    await input.fill(trackingNo.toLowerCase());
    await expect(page.getByTestId('parcel-detection')).toContainText('UPS');
    await page.getByRole('button', { name: 'Track parcel' }).click();
    await expect(page.getByText(`Now tracking ${trackingNo}`)).toBeVisible();

    // The active list has it, and counts it.
    await page.getByRole('link', { name: 'See the list' }).click();
    await expect(page).toHaveURL(/\/shipments\/truck\/express\/active$/);
    await expect(row(page, trackingNo)).toBeVisible();
    await expect(tab(page, /^Active \(1\)$/)).toBeVisible();

    // Its detail: the worker's first check answers within seconds.
    await row(page, trackingNo).getByRole('link', { name: trackingNo, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/shipment/truck/express/[0-9a-f-]{36}/${trackingNo}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(trackingNo);
    await expect(
      page.getByTestId('timeline-event').first().or(page.getByTestId('detail-not-found-at-carrier')),
    ).toBeVisible({ timeout: 30_000 });

    // The switcher: a ground detail goes to the ocean list, and back to the ground list.
    await switchTo(page, 'Ocean');
    await expect(page).toHaveURL(/\/shipments\/ocean\/active$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Active ocean shipments' })).toBeVisible();
    await switchTo(page, 'Ground');
    await expect(page).toHaveURL(/\/shipments\/truck\/express\/active$/);
    await expect(row(page, trackingNo)).toBeVisible();
    // And the new-shipment page follows the site type.
    await page.goto('/new-shipments/create');
    await expect(page.getByRole('textbox', { name: /Tracking number/ })).toBeVisible();
    await switchTo(page, 'Ocean');
    await expect(page.getByRole('textbox', { name: /Container number/ })).toBeVisible();
  });

  test('a number no carrier knows reaches the not-found tab', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'express-nf');
    // The demo parcel carrier never finds numbers ending in 404; the e2e server gives up after one answer.
    const trackingNo = `TLNF${String(randomInt(100_000, 999_999))}404`;

    await page.goto('/new-shipments/truck/express');
    await page.getByRole('textbox', { name: /Tracking number/ }).fill(trackingNo);
    await expect(
      page.getByText('We could not recognise this tracking number. Choose the carrier to track it anyway.'),
    ).toBeVisible();
    await page.getByRole('combobox', { name: 'Carrier' }).fill('GLS');
    await page.getByRole('option', { name: 'GLS', exact: true }).click();
    await page.getByRole('button', { name: 'Track parcel' }).click();
    await expect(page.getByText(`Now tracking ${trackingNo}`)).toBeVisible();

    await page.goto('/shipments/truck/express/not-found');
    await expect(async () => {
      await page.reload();
      // A reload and the list's first page take a few seconds on a busy machine.
      await expect(row(page, trackingNo)).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    await expect(tab(page, /^Not found \(1\)$/)).toBeVisible();
    await expect(tab(page, /^Active \(0\)$/)).toBeVisible();
  });
});
