import { randomInt } from 'node:crypto';
import { expect, test } from '../support/test';
import { type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { createSignedInUser } from '../support/accounts';
import { fakeCarrier } from '../support/carrier';

/** Nothing on the page is wider than the window (no sideways scroll on a phone). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('push from carriers', () => {
  test('an admin sets a connection to push: the carrier subscribes and its signed events arrive', async ({
    page,
  }, testInfo) => {
    // A subscription made by the worker, a push, and two widths: more steps than most tests.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'push');

    await page.goto('/workspace-settings/carrier-connections');
    await expect(page.getByText('No carrier connections yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add carrier connection' });
    await dialog.getByRole('combobox', { name: 'Carrier' }).click();
    await page.getByRole('option', { name: 'Maersk (MAEU)' }).click();
    await dialog.getByRole('textbox', { name: /Events endpoint/ }).fill(fakeCarrier.eventsUrl);
    await dialog.getByLabel('Header 1 value').fill(fakeCarrier.apiKey);
    await dialog.getByRole('radio', { name: /^Push/ }).check();
    // The carrier's subscriptions endpoint is found beside its events endpoint.
    await expect(
      dialog.getByRole('textbox', { name: /Event-subscriptions endpoint/ }),
    ).toHaveAccessibleDescription(`Leave empty to use ${fakeCarrier.subscriptionsUrl}`);
    await page.screenshot({ path: testInfo.outputPath('push-dialog-1440.png') });
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    await page
      .getByRole('dialog', { name: 'Test Maersk (MAEU)' })
      .getByRole('button', { name: 'Close' })
      .click();

    const card = page.getByTestId('carrier-connection');
    await expect(card).toContainText('Push · 0 subscribed');
    const callbackUrl = (await card.getByTestId('callback-url').innerText()).replace(/^Callback /, '');
    expect(callbackUrl).toMatch(new RegExp(`^${baseURL}/api/carrier-callbacks/[0-9a-f-]{36}$`));

    // The organization follows the carrier's container: the connection subscribes to it at once (the
    // carrier first checks the callback URL with HEAD), and the page shows it without a reload.
    const mblNo = `MAEU${String(randomInt(100_000_000, 999_999_999))}`;
    const added = await page.request.post('/api/shipments/ocean', {
      data: { items: [{ containerNo: fakeCarrier.container, mblNo }] },
    });
    expect(added.ok()).toBe(true);
    await expect(card).toContainText('Push · 1 subscribed', { timeout: 30_000 });
    // The first poll brings the container's two events (a queue of other refreshes may delay it).
    await expect
      .poll(
        async () => {
          const detail = await page.request.get(`/api/shipments/ocean/${fakeCarrier.container}/${mblNo}`);
          return ((await detail.json()) as { result?: { events?: unknown[] } }).result?.events?.length;
        },
        { timeout: 30_000 },
      )
      .toBe(2);
    await expect(card).toContainText('Last callbackNone yet');

    // The carrier pushes a new event, signed with the subscription's secret: stored, and shown.
    const pushed = await page.request.post(fakeCarrier.pushUrl, {
      data: { reference: fakeCarrier.container, code: 'LOAD' },
    });
    // Every subscription on the container is answered (earlier runs' organizations may hold one too).
    const replies = (await pushed.json()) as { subscriptionID: string; status: number }[];
    expect(replies.length).toBeGreaterThan(0);
    for (const reply of replies) expect(reply.status).toBe(204);
    await expect(card).not.toContainText('Last callbackNone yet');
    await page.screenshot({ path: testInfo.outputPath('push-page-1440.png'), fullPage: true });

    await page.goto(`/shipment/ocean/${fakeCarrier.container}/${mblNo}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Container ${fakeCarrier.container}` }),
    ).toBeVisible();
    // Loaded, from the pushed event, on top of the two the first poll brought.
    await expect(page.getByTestId('status-badge')).toHaveText('Loaded');
    await expect(page.getByRole('tab', { name: /Events\s*3/ })).toBeVisible();

    // Anyone else posting to the callback URL is refused, and nothing is stored.
    const forged = await page.request.post(callbackUrl, {
      headers: {
        'content-type': 'application/json',
        'notification-signature': `sha256=${'0'.repeat(64)}`,
        'subscription-id': 'a-subscription',
      },
      data: [],
    });
    expect(forged.status()).toBe(401);
    expect(await forged.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });

    // On a phone: the page and the edit dialog with the callback URL fit the width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/workspace-settings/carrier-connections');
    await expect(card).toContainText('Push · 1 subscribed');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('push-page-390.png'), fullPage: true });
    await page.getByRole('button', { name: /^More for Maersk/ }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit carrier connection' });
    await expect(edit.getByTestId('callback-url')).toHaveText(callbackUrl);
    await expectNoSidewaysScroll(page);
    await edit.getByTestId('callback-url').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('push-dialog-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: testInfo.outputPath('push-edit-dialog-1440.png') });
  });
});
