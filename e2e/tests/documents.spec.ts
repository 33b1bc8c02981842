import { randomInt } from 'node:crypto';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';
import { withCheckDigit } from '../support/containers';

/** A small PDF a browser's viewer opens. */
const pdf = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

test('a document is uploaded, listed, previewed and deleted, live on another open page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await createSignedInUser(page.request, 'documents');
  const containerNo = withCheckDigit(`MSCU${String(randomInt(100000, 999999))}`);
  const mblNo = `MEDU${String(randomInt(10_000_000, 99_999_999))}`;
  const added = await page.request.post('/api/shipments/ocean', {
    data: { items: [{ containerNo, mblNo }] },
  });
  expect(added.ok()).toBe(true);
  const detail = `/shipment/ocean/${containerNo}/${mblNo}?tab=documents`;

  await page.goto(detail);
  await expect(page.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/No documents yet/)).toBeVisible();

  // A colleague's open detail (the same user's second tab, phone-sized) shows what is added, unreloaded.
  const other = await context.newPage();
  await other.setViewportSize({ width: 390, height: 844 });
  await other.goto(detail);
  await expect(other.getByText(/No documents yet/)).toBeVisible();

  // Upload a bill of lading.
  await page.getByRole('combobox', { name: 'Document type' }).click();
  await page.getByRole('option', { name: 'Bill of lading' }).click();
  await page
    .getByTestId('documents-dropzone')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'MSKU-BL.pdf', mimeType: 'application/pdf', buffer: pdf });
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText('MSKU-BL.pdf')).toBeVisible();
  await expect(documents.getByText('Bill of lading')).toBeVisible();
  await expect(other.getByText('MSKU-BL.pdf')).toBeVisible();

  // A file that is not what its name says is refused, in the server's words.
  await page
    .getByTestId('documents-dropzone')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00') });
  await expect(page.getByRole('alert').filter({ hasText: 'This file type is not accepted' })).toBeVisible();

  // Preview: the app's own URL, inline, in a modal.
  const served = page.waitForResponse((r) => /\/documents\/[^/]+\/file$/.test(r.url()));
  await page.getByRole('button', { name: 'Preview MSKU-BL.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'MSKU-BL.pdf' });
  await expect(preview.locator('iframe')).toBeVisible();
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Delete, after confirming: gone here and on the other page.
  await page.getByRole('button', { name: 'Delete MSKU-BL.pdf' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/No documents yet/)).toBeVisible();
  await expect(other.getByText(/No documents yet/)).toBeVisible();
});
