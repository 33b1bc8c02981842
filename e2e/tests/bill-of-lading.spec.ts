import { expect, test } from '../support/test';
import { type APIRequestContext, type Page } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';
import { fakeCarrier } from '../support/carrier';

const rows = (page: Page) => page.getByTestId('shipment-row');

/** The account's own Maersk connection, to the fake DCSA carrier, made through the settings API. */
async function connectMaersk(request: APIRequestContext) {
  const res = await request.post('/api/carrier-connections', {
    data: {
      carrier: 'MAEU',
      baseUrl: fakeCarrier.eventsUrl,
      auth: { type: 'headers', headers: { 'Consumer-Key': fakeCarrier.apiKey } },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('a bill of lading alone', () => {
  test('is added by its number alone, and its containers appear grouped under it, then on each detail', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'bill');
    await connectMaersk(page.request);

    await page.goto('/new-shipments/ocean');
    await page.getByRole('radio', { name: 'A bill of lading only' }).check();
    await expect(page.getByRole('textbox', { name: /Container number/ })).toBeHidden();
    await page.getByRole('textbox', { name: /Master bill of lading/ }).fill(fakeCarrier.bill.toLowerCase());
    await expect(page.getByText('Detected: Maersk')).toBeVisible();
    await page.getByRole('button', { name: 'Track its containers' }).click();
    await expect(page.getByText(`Now tracking Bill of lading ${fakeCarrier.bill}`)).toBeVisible();

    // The list narrowed to the bill: its header, then its three containers once the carrier named them.
    await page.getByRole('link', { name: 'See the list' }).click();
    await expect(page).toHaveURL(/\/shipments\/ocean\/active\?bill=/);
    const group = page.getByTestId('bill-group');
    await expect(group).toContainText(`Bill of lading ${fakeCarrier.bill} · Maersk`);
    await expect(group).toContainText('3 containers found', { timeout: 25_000 });
    await expect(rows(page)).toHaveCount(3);
    for (const box of fakeCarrier.billContainers)
      await expect(rows(page).filter({ hasText: box })).toHaveCount(1);
    await expect(
      page.getByRole('link', { name: `Containers on Bill of lading ${fakeCarrier.bill}` }),
    ).toHaveCount(3);
    // None waits any more, and the whole list shows them too.
    await group.getByRole('button', { name: 'Show all shipments' }).click();
    await expect(page).toHaveURL(/\/shipments\/ocean\/active$/);
    await expect(page.getByTestId('waiting-bills')).toBeHidden();
    await expect(rows(page)).toHaveCount(3);

    // A container's detail lists the others on its bill, each a link to its own page.
    const [first, second] = fakeCarrier.billContainers;
    await rows(page).filter({ hasText: first! }).getByRole('link', { name: first!, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Container ${first!}` })).toBeVisible();
    const section = page.getByRole('region', { name: 'Containers on this bill of lading' });
    await expect(section.getByText(first!, { exact: true })).toHaveAttribute('aria-current', 'page');
    await section.getByRole('link', { name: second!, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Container ${second!}` })).toBeVisible();
    // Tracked like any container, by its number on the bill, from the account's own connection.
    await expect(page.getByText('Fetching carrier data…')).toBeHidden({ timeout: 25_000 });
    await expect(page.getByTestId('journey-stop').first()).toBeVisible();
  });

  test('updates an open list as the carrier answers its bills, without a reload', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const account = await createSignedInUser(page.request, 'bill-live');
    await connectMaersk(page.request);

    // The list stays open: the tab's one socket carries what the engine does next.
    const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/api/ws/events'));
    await page.goto('/shipments/ocean/active');
    expect((await socket).url()).toContain(`userId=${account.userId}`);
    await expect(page.getByTestId('empty-active')).toBeVisible();
    // Set on this very document: still there at the end means the page never reloaded.
    await page.evaluate(() => {
      (window as unknown as { stayedOnPage: boolean }).stayedOnPage = true;
    });

    // Two bills added elsewhere (the public API's intake is the same): one the carrier knows, one not.
    const unknown = 'MAEU240099999';
    const added = await page.request.post('/api/shipments/ocean', {
      data: { items: [{ mblNo: fakeCarrier.bill }, { mblNo: unknown }] },
    });
    expect(added.ok()).toBe(true);

    await expect(rows(page)).toHaveCount(3, { timeout: 25_000 });
    const waiting = page.getByTestId('waiting-bill');
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText(`Bill of lading ${unknown} · Maersk`);
    await expect(waiting).toContainText('The carrier does not know this bill of lading yet');
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(
      true,
    );

    // Stopping to follow it takes it off the page.
    await waiting.getByRole('button', { name: `Stop following Bill of lading ${unknown}` }).click();
    await expect(page.getByTestId('waiting-bills')).toBeHidden();
    await expect(rows(page)).toHaveCount(3);
  });
});
