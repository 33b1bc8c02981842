import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/accounts';

/*
 * Deterministic on purpose: the demo carrier's voyage depends only on the container, the bill of lading
 * and when tracking started, so this pair is discharged and not yet picked up at its first check (and
 * stays so for hours). With the built-in free time (4 calendar days from discharge) its last free day is
 * within 30 days or passed: the rule below matches at the first refresh, which intake queues at once.
 */
const CONTAINER = 'TLDU1000354';
const MBL = 'MEDU40000001';
const RULE = 'E2E last free day watch';

test.describe('alert rules', () => {
  test('a rule created on the settings page fires when a demo shipment crosses it, and the alert arrives in the bell', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await createSignedInUser(page.request, 'alerts');

    await page.goto('/workspace-settings/alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Alert rules' })).toBeVisible();
    // Every new workspace starts with the default rules.
    await expect(page.getByTestId('alert-rule-row')).toHaveCount(3);
    await expect(page.getByTestId('alert-rule-row').first()).toContainText('Last free day in 2 days');

    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add alert rule' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(RULE);
    const days = dialog.getByRole('textbox', { name: 'Days before the last free day' });
    await days.fill('30');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('alert-rule-row').filter({ hasText: RULE });
    await expect(row).toContainText('Last free day within 30 days or passed');
    await expect(row.getByRole('switch')).toBeChecked();

    const badge = page.getByTestId('bell-badge');
    await expect(badge).toHaveAttribute('data-count', '0');

    // Behind the page's back (as a colleague would), the container is added; its first check runs at once.
    const intake = await page.request.post('/api/shipments/ocean', {
      data: { items: [{ containerNo: CONTAINER, mblNo: MBL, carrierScac: 'MSCU' }] },
    });
    expect(intake.ok()).toBe(true);

    // The alert arrives over the socket, with the rule's name.
    await expect(badge).not.toHaveAttribute('data-count', '0', { timeout: 30_000 });
    await page.getByTestId('notification-bell').click();
    const alert = page
      .getByTestId('notification-item')
      .filter({ hasText: `${RULE}: Last free day within 30 days or passed` });
    await expect(alert).toHaveCount(1);
    await expect(alert).toContainText(CONTAINER);
    await alert.click();

    // The shipment's page shows the clocks behind it.
    await expect(page).toHaveURL(new RegExp(`/shipment/ocean/${CONTAINER}/${MBL}`));
    const clocks = page.getByRole('region', { name: 'Demurrage & detention' });
    await expect(clocks).toBeVisible();
    await expect(clocks.getByTestId('clock-demurrage')).toContainText('Running');
    await expect(clocks.getByTestId('clock-detention')).toContainText('Not started');
  });

  test('an admin sees the workspace free time on its own page, on a phone too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await createSignedInUser(page.request, 'alerts-viewer');
    await page.goto('/workspace-settings/free-time');
    // The creator is an admin: the free-time page is theirs.
    await expect(page.getByRole('heading', { level: 1, name: 'Free time & tariffs' })).toBeVisible();
    await expect(page.getByTestId('free-time-row').first()).toContainText('Workspace default');
    await expect(page.getByTestId('free-time-row').first()).toContainText('Built in');
  });
});
