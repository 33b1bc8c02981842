import { expect, test } from '../support/test';
import { type Locator, type Page } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of every visible control (button, link, field) inside `scope`. */
async function controlBoxes(scope: Locator): Promise<{ name: string; box: Box }[]> {
  return scope
    .locator('button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="menuitem"]')
    .evaluateAll((elements) =>
      elements
        .map((element) => {
          const rect = element.getBoundingClientRect();
          const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
          return { name, box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height } };
        })
        .filter(({ box }) => box.width > 0 && box.height > 0),
    );
}

async function showToast(page: Page, workspaceName: string) {
  await page.goto('/workspace-settings/overview');
  await page.getByRole('button', { name: /^(Create workspace|Create)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Create workspace' });
  await dialog.getByRole('textbox', { name: 'Workspace name' }).fill(workspaceName);
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  const toast = page.getByRole('alert').filter({ hasText: `Created ${workspaceName}` });
  await expect(toast).toBeVisible();
  // Measured once its entrance transition has ended: two readings in a row agree.
  let previous = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await toast.boundingBox());
      const settled = now === previous;
      previous = now;
      return settled;
    })
    .toBe(true);
  return toast;
}

for (const { width, height, label } of [
  { width: 1440, height: 900, label: 'desktop' },
  { width: 390, height: 844, label: 'phone' },
]) {
  test(`toasts hide none of the shell's controls at ${String(width)} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await createSignedInUser(page.request, `toasts-${label}`);
    const toast = await showToast(page, `Toasts ${label}`);
    const toastBox = (await toast.boundingBox())!;

    // Nothing in the top bar (workspace menu, bell, account menu) or, where it shows, the sidebar.
    const chrome = [...(await controlBoxes(page.getByTestId('top-bar')))];
    if (width >= 1024) chrome.push(...(await controlBoxes(page.getByTestId('sidebar'))));
    expect(chrome.length).toBeGreaterThan(2);
    expect(chrome.filter(({ box }) => overlaps(box, toastBox)).map(({ name }) => name)).toEqual([]);

    // Below the page's header and its actions, at the bottom of the screen.
    const header = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(toastBox.y).toBeGreaterThan(header.y + header.height);
    expect(toastBox.y + toastBox.height).toBeGreaterThan(height / 2);
    if (width < 1200) {
      // Where it cannot pass beside the selection action bar (30 px up, ~50 px high), it rises above it.
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(height - 80);
    }

    // The account menu opens while the toast shows: no toast is in the way of the click.
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expect(toast).toBeVisible();
  });
}
