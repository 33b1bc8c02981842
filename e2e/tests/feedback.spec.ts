import { expect, test } from '../support/test';
import { type Page } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';

const SUPPORT = 'support@e2e.tracklane.test';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/p+OQ2wAAAABJRU5ErkJggg==',
  'base64',
);

async function openFeedback(page: Page) {
  await page.getByRole('button', { name: 'Send feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send feedback' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('feedback (spec §2 feedback icon and dialogs)', () => {
  test('sends feedback with an image to support; refuses what is not an image', async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'feedback');
    await page.goto('/dashboard/ocean');
    const dialog = await openFeedback(page);
    const send = dialog.getByRole('button', { name: 'Send feedback' });
    await expect(send).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Feature request' }).click();
    await dialog.getByRole('textbox', { name: 'Your feedback' }).click();
    await page.keyboard.type('Please show the vessel name on the map.');
    await expect(send).toBeEnabled();

    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await input.setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: PNG });
    const statuses = dialog.getByTestId('feedback-slot-status');
    await expect(statuses.nth(0)).toHaveText('Failed: File type not supported');
    await expect(statuses.nth(1)).toContainText('Completed');
    await page.screenshot({ path: test.info().outputPath('feedback-form-1440.png') });
    await send.click();

    const sent = page.getByRole('dialog', { name: 'Your Feedback has been sent' });
    await expect(sent).toBeVisible();
    await sent.getByRole('button', { name: 'Done' }).click();
    await expect(sent).toHaveCount(0);

    // The e2e server has no SMTP: the e-mail to support waits in the development mailbox.
    await expect
      .poll(async () => {
        const messages = (await (await request.get('/api/dev/mailbox')).json()) as {
          result: { to: string; subject: string; text: string }[];
        };
        return messages.result.find((m) => m.to === SUPPORT && m.text.includes('vessel name'))?.subject;
      })
      .toBe('[Feedback] Feature request from Ada Lovelace');
  });

  test('says something went wrong, with the support address, when sending fails', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'feedback-fail');
    await page.goto('/');
    await page.route('**/api/feedback', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'Down', result: null }),
      }),
    );
    const dialog = await openFeedback(page);
    await dialog.getByRole('textbox', { name: 'Your feedback' }).click();
    await page.keyboard.type('Hello');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    const failed = page.getByRole('dialog', { name: 'Something went wrong' });
    await expect(failed).toContainText(
      `For some reason, your feedback was not able to be sent. Please try again or email us directly at ${SUPPORT}.`,
    );
    await expect(failed.getByRole('link', { name: SUPPORT })).toHaveAttribute('href', `mailto:${SUPPORT}`);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Send feedback' }).getByRole('textbox', { name: 'Your feedback' }),
    ).toHaveText('Hello');
  });

  test('fits a 390 px phone and works from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await createSignedInUser(page.request, 'feedback-phone');
    await page.goto('/');
    await page.getByRole('button', { name: 'Send feedback' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Your feedback' }).focus();
    await page.keyboard.type('Typed on a phone');
    await expect(dialog.getByRole('button', { name: 'Send feedback' })).toBeEnabled();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('feedback-form-390.png') });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});
