import { randomInt } from 'node:crypto';
import { expect, test } from '../support/test';
import { type Page } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';
import { withCheckDigit } from '../support/containers';

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const row = (page: Page, containerNo: string) =>
  page.getByTestId('shipment-row').filter({ hasText: containerNo });

test.describe('ocean shipments', () => {
  test('add through the form, follow it in the list and its detail, archive and unarchive it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'ocean');
    const containerNo = withCheckDigit(`MSCU${String(randomInt(100000, 999999))}`);
    const mblNo = `MEDU${String(randomInt(10_000_000, 99_999_999))}`;

    // The form: the check digit is checked as typed, the carrier read from the bill of lading.
    await page.goto('/new-shipments/ocean');
    const container = page.getByRole('textbox', { name: /Container number/ });
    const wrongDigit = `${containerNo.slice(0, 10)}${String((Number(containerNo[10]) + 1) % 10)}`;
    await container.fill(wrongDigit);
    await expect(
      page.getByText(
        `Check digit should be ${containerNo[10]!} for ${containerNo.slice(0, 10)}: please check the number`,
      ),
    ).toBeVisible();
    await container.fill(containerNo);
    await page.getByRole('textbox', { name: /Master bill of lading/ }).fill(mblNo);
    await expect(page.getByText('Detected: MSC')).toBeVisible();
    await page.getByRole('button', { name: 'Track shipment' }).click();
    await expect(page.getByText(`Now tracking ${containerNo}`)).toBeVisible();

    // The active list has it, and counts it.
    await page.getByRole('link', { name: 'See the list' }).click();
    await expect(page).toHaveURL(/\/shipments\/ocean\/active$/);
    await expect(row(page, containerNo)).toBeVisible();
    await expect(tab(page, /^Active \(1\)$/)).toBeVisible();
    await expect(tab(page, /^Archived \(0\)$/)).toBeVisible();
    // The last free day that matters now, named by its clock, has a column of its own.
    await expect(page.getByRole('columnheader', { name: 'Last free day' })).toBeAttached();

    // Its detail: the worker's first check answers within seconds; the page looks again by itself.
    await row(page, containerNo).getByRole('link', { name: containerNo, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/shipment/ocean/${containerNo}/${mblNo}\\?timeZone=`));
    await expect(page.getByRole('heading', { level: 1, name: `Container ${containerNo}` })).toBeVisible();
    await expect(page.getByText('Fetching carrier data…')).toBeHidden({ timeout: 25_000 });
    // The demo carrier knows most containers; a few it does not, and the page says so.
    await expect(
      page.getByTestId('journey-stop').or(page.getByTestId('detail-not-found-at-carrier')).first(),
    ).toBeVisible();
    if (await page.getByTestId('journey-stop').first().isVisible()) {
      await expect(page.getByTestId('demo-badge')).toBeVisible();
      await expect(page.getByTestId('status-badge')).not.toHaveText('Fetching');
    }

    // Archive it from the list: it leaves the active tab, both counts change.
    await page.getByRole('link', { name: 'Active shipments' }).click();
    await row(page, containerNo)
      .getByRole('checkbox', { name: `Select ${containerNo}` })
      .check();
    await page
      .getByRole('group', { name: 'Selected shipments' })
      .getByRole('button', { name: 'Archive' })
      .click();
    await expect(page.getByText('Archived 1 shipment')).toBeVisible();
    await expect(row(page, containerNo)).toHaveCount(0);
    await expect(tab(page, /^Active \(0\)$/)).toBeVisible();
    await expect(tab(page, /^Archived \(1\)$/)).toBeVisible();

    await tab(page, /^Archived/).click();
    await expect(page).toHaveURL(/\/shipments\/ocean\/archived$/);
    await expect(row(page, containerNo)).toBeVisible();

    // And back again.
    await row(page, containerNo)
      .getByRole('checkbox', { name: `Select ${containerNo}` })
      .check();
    await page
      .getByRole('group', { name: 'Selected shipments' })
      .getByRole('button', { name: 'Unarchive' })
      .click();
    await expect(row(page, containerNo)).toHaveCount(0);
    await expect(tab(page, /^Active \(1\)$/)).toBeVisible();
    await expect(tab(page, /^Archived \(0\)$/)).toBeVisible();
    await tab(page, /^Active/).click();
    await expect(row(page, containerNo)).toBeVisible();
  });

  test('bulk paste shows each row’s problem before anything is sent', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await createSignedInUser(page.request, 'ocean-bulk');
    const good = withCheckDigit(`MSKU${String(randomInt(100000, 999999))}`);

    await page.goto('/new-shipments/ocean');
    await page
      .getByRole('textbox', { name: /Paste shipments/ })
      .fill(
        [
          `${good}\tMAEU${String(randomInt(100000, 999999))}`,
          `${good.slice(0, 10)}X\tMAEU1`,
          'XYZ123\tMEDU1234',
        ].join('\n'),
      );
    await expect(page.getByTestId('bulk-row')).toHaveCount(3);
    await expect(page.getByTestId('bulk-row').nth(2)).toContainText(
      'Not a container number: it is 4 letters and 7 digits, e.g. MSCU1234566',
    );
    await page.getByRole('button', { name: 'Track 1 shipment' }).click();
    await expect(page.getByTestId('outcome-row')).toHaveCount(1);
    await expect(page.getByTestId('outcome-row')).toContainText('Created');
  });
});
