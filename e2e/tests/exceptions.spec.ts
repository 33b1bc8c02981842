import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';

/*
 * Deterministic on purpose: the demo carrier's voyage depends only on the container, the bill of lading
 * and when tracking started, so this pair has been rolled to another vessel and has not arrived at its
 * first check. The refresh that intake queues at once raises the exception.
 */
const CONTAINER = 'TLDU0000154';
const MBL = 'MEDU50000015';

test.describe('exceptions', () => {
  test('a user assigns a raised exception to themselves and resolves it', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'exceptions');
    await page.goto('/exceptions');
    // The first page of a cold server may take a while to arrive.
    await expect(page.getByRole('heading', { level: 1, name: 'Exceptions' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('exceptions-empty')).toBeVisible();

    const intake = await page.request.post('/api/shipments/ocean', {
      data: { items: [{ containerNo: CONTAINER, mblNo: MBL, carrierScac: 'MSCU' }] },
    });
    expect(intake.ok()).toBe(true);

    // The exception arrives over the socket, and the navigation counts it.
    const table = page.getByTestId('exceptions-table');
    const row = table.getByRole('row').filter({ hasText: CONTAINER });
    await expect(row).toContainText('Rolled to another vessel', { timeout: 30_000 });
    await expect(row).toContainText('Open');
    await expect(page.getByLabel('1 active exceptions')).toBeVisible();

    await row.getByRole('button', { name: 'Rolled to another vessel' }).click();
    const drawer = page.getByTestId('exception-detail');
    await expect(drawer).toContainText(CONTAINER);
    await drawer.getByRole('combobox', { name: 'Owner' }).click();
    await page.getByRole('option', { name: 'Ada Lovelace' }).click();
    const history = page.getByTestId('exception-history');
    await expect(history).toContainText('Ada Lovelace changed the owner');
    await expect(row).toContainText('Ada Lovelace');

    await drawer.getByRole('button', { name: 'Resolve' }).click();
    await expect(history).toContainText('Ada Lovelace resolved it');
    await expect(drawer).toContainText('Resolved');
    await page.keyboard.press('Escape');
    // Resolved ones leave the default (active) list.
    await expect(page.getByTestId('exceptions-empty')).toBeVisible();
    await expect(page.getByLabel('1 active exceptions')).toBeHidden();
  });
});
