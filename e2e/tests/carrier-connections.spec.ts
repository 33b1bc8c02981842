import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';
import { fakeCarrier } from '../support/carrier';

test.describe('carrier connections', () => {
  test('an admin connects a carrier with a static key and another with OAuth2, tests both and sees "works"', async ({
    page,
  }) => {
    // Two connections, each added through its dialog and tested: many steps on a two-core machine.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'carriers');

    // The admin's way in: the workspace menu.
    await page.goto('/dashboard/ocean');
    await page.getByTestId('workspace-menu').click();
    await page.getByRole('menuitem', { name: 'Carrier Connections' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Carrier connections' })).toBeVisible();
    await expect(page.getByText('No carrier connections yet')).toBeVisible();

    // Maersk's preset, pointed at the fake carrier, with its Consumer-Key.
    await page.getByRole('button', { name: 'Add connection' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add carrier connection' });
    await dialog.getByRole('combobox', { name: 'Carrier' }).click();
    await page.getByRole('option', { name: 'Maersk (MAEU)' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Header 1 name' })).toHaveValue('Consumer-Key');
    await dialog.getByRole('textbox', { name: /Events endpoint/ }).fill(fakeCarrier.eventsUrl);
    await dialog.getByLabel('Header 1 value').fill(fakeCarrier.apiKey);
    await dialog.getByRole('button', { name: 'Add connection' }).click();

    let test1 = page.getByRole('dialog', { name: 'Test Maersk (MAEU)' });
    await test1.getByRole('textbox', { name: /Container or bill of lading/ }).fill(fakeCarrier.container);
    await test1.getByRole('button', { name: 'Test connection' }).click();
    await expect(test1.getByTestId('test-outcome')).toContainText('Works');
    await expect(test1.getByTestId('test-outcome')).toContainText(
      `The carrier answered with 2 events for ${fakeCarrier.container}.`,
    );
    await test1.getByRole('button', { name: 'Close' }).click();

    // Any other DCSA 2.2 endpoint, with OAuth2 client credentials.
    await page.getByRole('button', { name: 'Add connection' }).click();
    dialog = page.getByRole('dialog', { name: 'Add carrier connection' });
    await dialog.getByRole('combobox', { name: 'Carrier' }).click();
    await page.getByRole('option', { name: 'Other DCSA 2.2 endpoint' }).click();
    await dialog.getByRole('textbox', { name: /SCAC/ }).fill('ZZZU');
    await dialog.getByRole('textbox', { name: /Events endpoint/ }).fill(fakeCarrier.eventsUrl);
    await dialog.getByRole('combobox', { name: 'Authentication' }).click();
    await page.getByRole('option', { name: 'OAuth2 client credentials' }).click();
    await dialog.getByRole('textbox', { name: 'Token URL' }).fill(fakeCarrier.tokenUrl);
    await dialog.getByLabel('Client ID').fill(fakeCarrier.clientId);
    await dialog.getByLabel('Client secret').fill(fakeCarrier.clientSecret);
    await dialog.getByRole('button', { name: 'Add connection' }).click();

    test1 = page.getByRole('dialog', { name: 'Test ZZZU' });
    await test1.getByRole('button', { name: 'Test connection' }).click();
    await expect(test1.getByTestId('test-outcome')).toContainText('Works');
    await test1.getByRole('button', { name: 'Close' }).click();

    // Both listed, working, with their calls counted and no secret on the page.
    const cards = page.getByTestId('carrier-connection');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Maersk (MAEU)' })).toContainText('Working');
    await expect(cards.filter({ hasText: 'ZZZU' })).toContainText('Working');
    await expect(cards.filter({ hasText: 'ZZZU' })).toContainText('1 of 100');
    const text = await page.locator('body').innerText();
    for (const secret of [fakeCarrier.apiKey, fakeCarrier.clientSecret]) expect(text).not.toContain(secret);
  });
});
