import { randomInt } from 'node:crypto';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';
import { withCheckDigit } from '../support/containers';

const container = () => withCheckDigit(`MSCU${String(randomInt(100000, 999999))}`);
const bill = () => `MEDU${String(randomInt(10_000_000, 99_999_999))}`;

test('a custom field is defined in settings, set on a detail, and shown live on another open page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await createSignedInUser(page.request, 'custom-fields');
  const box = container();

  // An admin defines a single-choice field from the workspace menu's settings page.
  await page.goto('/workspace-settings/custom-fields');
  await expect(page.getByText('No custom fields yet')).toBeVisible();
  await page.getByRole('textbox', { name: 'New field' }).fill('Priority');
  await page.getByTestId('custom-field-type-input').click();
  await page.getByRole('option', { name: 'Single choice' }).click();
  const choices = page.getByTestId('custom-field-choices-input');
  await choices.fill('Low');
  await choices.press('Enter');
  await choices.fill('Urgent');
  await choices.press('Enter');
  await page.getByRole('button', { name: 'Add field' }).click();
  await expect(page.getByRole('list', { name: 'Custom fields' })).toContainText('Priority');
  await expect(page.getByRole('list', { name: 'Custom fields' })).toContainText('Low · Urgent');

  await page.goto('/new-shipments/ocean');
  await page
    .getByRole('textbox', { name: /Paste shipments/ })
    .fill(['Container\tMBL', `${box}\t${bill()}`].join('\n'));
  await page.getByRole('button', { name: 'Track 1 shipment' }).click();
  await expect(page.getByTestId('intake-outcomes')).toBeVisible();

  // The detail's Custom fields panel shows the field as missing until a value is saved.
  await page.goto('/shipments/ocean/active');
  await page.getByRole('link', { name: box, exact: true }).click();
  const panel = page.getByRole('region', { name: 'Custom fields' });
  await expect(panel.getByRole('combobox', { name: 'Priority' })).toHaveAttribute('placeholder', 'Missing');
  const detailUrl = page.url();

  // A second tab on the same detail, at a phone's width, sees the change without a reload.
  const second = await context.newPage();
  await second.setViewportSize({ width: 390, height: 844 });
  await second.goto(detailUrl);
  const secondPanel = second.getByRole('region', { name: 'Custom fields' });
  await expect(secondPanel.getByRole('combobox', { name: 'Priority' })).toHaveValue('');

  await panel.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'Urgent' }).click();
  await panel.getByRole('button', { name: 'Save custom fields' }).click();
  await expect(panel.getByRole('button', { name: 'Save custom fields' })).toBeDisabled();
  await expect(secondPanel.getByRole('combobox', { name: 'Priority' })).toHaveValue('Urgent', {
    timeout: 15_000,
  });
  expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a CSV import fills a custom field column per row, a bad value shown beside its row', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await createSignedInUser(page.request, 'custom-field-import');
  for (const field of [
    { name: 'Priority', type: 'choice', choices: ['Low', 'Urgent'] },
    { name: 'Promised ETA', type: 'date' },
  ]) {
    const made = await page.request.post('/api/custom-fields', { data: field });
    expect(made.ok(), await made.text()).toBe(true);
  }
  const good = container();
  const bad = container();
  // The header names the fields in its own case and spacing; dates as day/month/year.
  const csv = [
    'Container,MBL,priority,Promised  ETA',
    `${good},${bill()},urgent,31/03/2026`,
    `${bad},${bill()},Asap,`,
  ].join('\n');

  await page.goto('/new-shipments/ocean');
  await page
    .getByTestId('bulk-dropzone')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByTestId('bulk-preview');
  await expect(preview.getByRole('columnheader', { name: 'Priority' })).toBeVisible();
  await expect(preview.getByRole('columnheader', { name: 'Promised ETA' })).toBeVisible();
  const rows = preview.getByTestId('bulk-row');
  await expect(rows.nth(0)).toHaveAttribute('data-state', 'ready');
  await expect(rows.nth(0)).toContainText('31/03/2026');
  await expect(rows.nth(0)).toContainText('Urgent');
  await expect(rows.nth(1)).toHaveAttribute('data-state', 'error');
  await expect(rows.nth(1)).toContainText('Priority: “Asap” is not one of Low, Urgent.');

  // Only the good row is sent; its detail shows the values the file gave.
  await page.getByRole('button', { name: 'Track 1 shipment' }).click();
  const outcomes = page.getByTestId('intake-outcomes');
  await expect(outcomes).toBeVisible();
  await outcomes.getByRole('link', { name: good }).click();
  const panel = page.getByRole('region', { name: 'Custom fields' });
  await expect(panel.getByRole('combobox', { name: 'Priority' })).toHaveValue('Urgent');
  await expect(panel.getByLabel('Promised ETA')).toHaveValue('2026-03-31');
});

test('a custom field is shown as a list column, sorted by and filtered by', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await createSignedInUser(page.request, 'custom-field-columns');
  const defined = await page.request.post('/api/custom-fields', {
    data: { name: 'Pallets', type: 'number', required: false },
  });
  expect(defined.ok()).toBe(true);
  const fieldId = ((await defined.json()) as { result: { id: string } }).result.id;
  const boxes = [container(), container(), container()];
  const added = await page.request.post('/api/shipments/ocean', {
    data: { items: boxes.map((containerNo) => ({ containerNo, mblNo: bill() })) },
  });
  expect(added.ok()).toBe(true);
  const ids = ((await added.json()) as { result: { containerNo: string; shipmentOverallId: string }[] })
    .result;
  const idOf = (box: string) => ids.find((row) => row.containerNo === box)!.shipmentOverallId;
  // The first box has 10 pallets, the second 2, the third none.
  for (const [box, pallets] of [
    [boxes[0]!, 10],
    [boxes[1]!, 2],
  ] as const) {
    const set = await page.request.patch(`/api/shipments/ocean/${idOf(box)}/custom-fields`, {
      data: { values: { [fieldId]: pallets } },
    });
    expect(set.ok()).toBe(true);
  }

  // Hidden by default; shown from the column settings, and kept there after a reload.
  await page.goto('/shipments/ocean/active');
  const header = page.getByRole('columnheader', { name: 'Pallets' });
  await expect(page.getByRole('link', { name: boxes[0], exact: true })).toBeVisible();
  await expect(header).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Pallets' }).check();
  await page.keyboard.press('Escape');
  await expect(header).toBeVisible();
  await page.reload();
  await expect(header).toBeVisible();

  const order = async () =>
    (await page.getByRole('link', { name: /^MSCU\d{7}$/ }).allTextContents()).filter((text) =>
      boxes.includes(text),
    );
  // Sorted on the server both ways; the box without a value last either way.
  await header.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`sort=cf\\.${fieldId}\\.asc`));
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(order).toEqual([boxes[1], boxes[0], boxes[2]]);
  await header.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`sort=cf\\.${fieldId}\\.desc`));
  await expect.poll(order).toEqual([boxes[0], boxes[1], boxes[2]]);

  // Filtered from the list's filters: a range of the number, as a chip that removes it.
  // With the keyboard: the field's list opens focused, the range submits with Enter.
  await page.getByRole('button', { name: 'Field filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Field filter' });
  await expect(dialog.getByRole('combobox', { name: 'Field' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox', { name: 'Field' })).toHaveValue('Pallets');
  await dialog.getByRole('textbox', { name: 'From' }).fill('5');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/cf=/);
  await expect.poll(order).toEqual([boxes[0]]);
  await page.getByRole('button', { name: 'Remove the filter Pallets from 5' }).click();
  await expect.poll(order).toEqual([boxes[0], boxes[1], boxes[2]]);
});
