import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';

const ADDRESS = /^track\+[a-f0-9]{32}@in\.e2e\.tracklane\.test$/;

test('an admin reads and copies the intake address, allows a sender and replaces the address', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await createSignedInUser(page.request, 'email-intake');

  // From the workspace menu to the page.
  await page.goto('/dashboard/ocean');
  await page.getByTestId('workspace-menu').click();
  await page.getByRole('menuitem', { name: 'E-mail Intake' }).click();
  await expect(page).toHaveURL(/\/workspace-settings\/email-intake$/);

  const address = page.getByTestId('intake-address');
  await expect(address).toHaveText(ADDRESS);
  const first = (await address.textContent())!;
  await page.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByRole('button', { name: 'Address copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  await expect(page.getByTestId('intake-log-empty')).toBeVisible();

  // An address outside the workspace may send; a bad one is refused on the spot.
  const input = page.getByRole('textbox', { name: 'E-mail address' });
  await input.fill('not-an-address');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Enter an e-mail address, such as ops@forwarder.com.')).toBeVisible();
  await input.fill('Bookings@Forwarder.example');
  await input.press('Enter');
  const senders = page.getByRole('list', { name: 'Allowed senders' });
  await expect(senders).toContainText('bookings@forwarder.example');
  await expect(input).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Allowed senders' })).toContainText(
    'bookings@forwarder.example',
  );

  // Replacing the address warns first; cancelling keeps it, confirming gives another.
  await page.getByRole('button', { name: 'New address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace the intake address?' });
  await expect(dialog).toContainText('The current address stops working at once');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(address).toHaveText(first);
  await page.getByRole('button', { name: 'New address' }).click();
  await dialog.getByRole('button', { name: 'Replace address' }).click();
  await expect(address).not.toHaveText(first);
  await expect(address).toHaveText(ADDRESS);

  // At a phone's width nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(address).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
