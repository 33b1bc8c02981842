import { randomInt } from 'node:crypto';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';
import { withCheckDigit } from '../support/containers';

const container = () => withCheckDigit(`MSCU${String(randomInt(100000, 999999))}`);
const bill = () => `MEDU${String(randomInt(10_000_000, 99_999_999))}`;

test('references travel from a bulk import to the list, its filter, the detail and the companies page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await createSignedInUser(page.request, 'references');
  const [forAcme, plain] = [container(), container()];

  // A spreadsheet paste whose header names reference columns beside the containers.
  await page.goto('/new-shipments/ocean');
  await page
    .getByRole('textbox', { name: /Paste shipments/ })
    .fill(
      [
        'Container\tMBL\tPO numbers\tConsignee',
        `${forAcme}\t${bill()}\tPO-4411, PO-4412\tAcme Retail`,
        `${plain}\t${bill()}\t\t`,
      ].join('\n'),
    );
  await expect(page.getByTestId('bulk-row').first()).toContainText(
    'PO-4411, PO-4412 · Consignee Acme Retail',
  );
  await page.getByRole('button', { name: 'Track 2 shipments' }).click();
  await expect(page.getByTestId('intake-outcomes')).toBeVisible();

  // The list narrows to the company's shipments.
  await page.goto('/shipments/ocean/active');
  await expect(page.getByTestId('shipment-row')).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Acme Retail' }).click();
  await expect(page).toHaveURL(/company=/);
  await expect(page.getByTestId('shipment-row')).toHaveCount(1);
  await expect(page.getByTestId('shipment-row')).toContainText(forAcme);

  // The detail's References panel shows what the import set; a change is saved.
  await page.getByRole('link', { name: forAcme, exact: true }).click();
  const panel = page.getByRole('region', { name: 'References' });
  await expect(panel.getByText('PO-4411')).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Consignee' })).toHaveValue('Acme Retail');
  await panel.getByRole('textbox', { name: 'Customer reference' }).fill('ACME-ORDER-77');
  await panel.getByRole('button', { name: 'Save references' }).click();
  await expect(panel.getByRole('textbox', { name: 'Customer reference' })).toHaveValue('ACME-ORDER-77');

  // A colleague's tab (the same user's here) renames the company: the open detail shows the new name.
  const second = await context.newPage();
  await second.setViewportSize({ width: 390, height: 844 });
  await second.goto('/workspace-settings/companies');
  await second.getByRole('button', { name: 'Rename Acme Retail' }).click();
  await second.getByRole('textbox', { name: 'Company name' }).fill('Acme Retail GmbH');
  await second.getByRole('textbox', { name: 'Company name' }).press('Enter');
  await expect(second.getByRole('list', { name: 'Companies' })).toContainText('Acme Retail GmbH');
  expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(panel.getByRole('combobox', { name: 'Consignee' })).toHaveValue('Acme Retail GmbH', {
    timeout: 15_000,
  });
});
