import { randomInt } from 'node:crypto';
import { expect, newUserContext, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';
import { withCheckDigit } from '../support/containers';

/*
 * A shipment's references and custom fields: the top bar's search finds it by a field value and says
 * which field matched; a public link shows them only when the sharer ticked the option (ADR 0055).
 */
test('search finds a shipment by a custom field value; a public link shows fields only when ticked', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerContext = await newUserContext(browser, { viewport: { width: 1440, height: 900 } });
  const owner = await ownerContext.newPage();
  await createSignedInUser(owner.request, 'share-references');

  const containerNo = withCheckDigit(`MSCU${String(randomInt(100000, 999999))}`);
  const mblNo = `MEDU${String(randomInt(10_000_000, 99_999_999))}`;
  const project = `Alpha${String(randomInt(10000, 99999))}`;
  const added = await owner.request.post('/api/shipments/ocean', {
    data: { items: [{ containerNo, mblNo }] },
  });
  const id = (await added.json()).result[0].shipmentOverallId as string;
  const field = await owner.request.post('/api/custom-fields', {
    data: { name: 'Customer project', type: 'text' },
  });
  const fieldId = (await field.json()).result.id as string;
  const values = await owner.request.patch(`/api/shipments/ocean/${id}/custom-fields`, {
    data: { values: { [fieldId]: `${project} Rotterdam` } },
  });
  expect(values.ok()).toBe(true);
  const refs = await owner.request.patch(`/api/shipments/ocean/${id}/references`, {
    data: { poNumbers: ['4500012345'] },
  });
  expect(refs.ok()).toBe(true);

  // The top bar's search finds it by the field value, saying which field matched.
  await owner.goto('/dashboard/ocean');
  await owner.getByRole('combobox', { name: /Search shipments/ }).fill(project.toLowerCase());
  const result = owner.getByTestId('search-result').filter({ hasText: containerNo });
  await expect(result).toBeVisible();
  await expect(result.getByTestId('search-result-match')).toHaveText(
    `Customer project: ${project} Rotterdam`,
  );

  // A link made without the option shows neither references nor fields.
  await owner.goto(`/shipment/ocean/${containerNo}/${mblNo}`);
  await owner.getByTestId('share-button').click();
  const dialog = owner.getByRole('dialog', { name: `Share ${containerNo}` });
  const option = dialog.getByRole('checkbox', { name: 'Include references and custom fields' });
  await expect(option).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const plainUrl = await dialog.getByTestId('created-link-url').inputValue();

  const visitorContext = await newUserContext(browser, { viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  const plainAnswer = visitor.waitForResponse((r) => r.url().includes('/api/share/'));
  await visitor.goto(plainUrl);
  await expect(visitor.getByRole('heading', { name: containerNo })).toBeVisible();
  const plainBody = await (await plainAnswer).text();
  expect(plainBody).not.toContain('customFields');
  expect(plainBody).not.toContain('4500012345');
  expect(plainBody).not.toContain(project);
  await expect(visitor.getByTestId('public-details')).toHaveCount(0);

  // Ticked: the public page shows them, and still fits a phone's width.
  await option.check();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByTestId('created-link-url')).not.toHaveValue(plainUrl);
  const url = await dialog.getByTestId('created-link-url').inputValue();
  await expect(dialog.getByTestId('share-links')).toContainText('With references');
  await visitor.goto(url);
  const details = visitor.getByTestId('public-details');
  await expect(details).toContainText('Customer project');
  await expect(details).toContainText(`${project} Rotterdam`);
  await expect(details).toContainText('4500012345');
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await visitorContext.close();
  await ownerContext.close();
});
