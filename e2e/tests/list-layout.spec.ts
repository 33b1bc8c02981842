import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { type Page } from '@playwright/test';
import { dataDir } from '../playwright.config';

/*
 * The shipment lists fit the screen: on a 1,440 px screen with the sidebar open a mode's
 * default columns fit the table without sideways scrolling, and the row actions have their own column,
 * never over a cell's text; on a 390 px phone each shipment is a card with its identifier, status and
 * date, and nothing scrolls sideways. With the demo account's dozen containers and parcels.
 */

const DEMO_EMAIL = 'demo@tracklane.local';
const demoPassword = () => readFileSync(path.join(dataDir, 'demo-account.txt'), 'utf8').trim();

async function signInAsDemo(page: Page) {
  await page.goto('/auth/sign-in');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(DEMO_EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword());
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The first sign-in on this server accepts the user agreement (another test may have done it).
  const agree = page.getByRole('button', { name: 'I agree' });
  const home = page.getByRole('heading', { level: 1, name: 'Ocean dashboard' });
  await expect(agree.or(home)).toBeVisible({ timeout: 15_000 });
  if (await agree.isVisible()) await agree.click();
  await expect(home).toBeVisible();
}

const LISTS = ['/shipments/ocean/active', '/shipments/truck/express/active'];

/** How far the list's scroll box and the page scroll sideways (0 when they fit). */
function sidewaysOverflow() {
  const box = document.querySelector<HTMLElement>('[data-testid="shipments-table-scroll"]');
  return {
    box: box ? box.scrollWidth - box.clientWidth : -1,
    page: document.documentElement.scrollWidth - window.innerWidth,
  };
}

/** Row action buttons whose box meets the box of some text in a data cell of the same row. */
function actionsOverText(): string[] {
  const overlaps: string[] = [];
  const meet = (a: DOMRect, b: DOMRect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  for (const row of document.querySelectorAll('tr[data-testid="shipment-row"]')) {
    const actions = [...row.querySelectorAll('td:last-child button, td:last-child a')].map((el) =>
      el.getBoundingClientRect(),
    );
    if (actions.length === 0) overlaps.push(`${row.getAttribute('aria-label')}: no actions`);
    for (const cell of row.querySelectorAll('td[data-column]')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const text of range.getClientRects()) {
          if (text.width === 0) continue;
          if (actions.some((action) => meet(action, text)))
            overlaps.push(`${row.getAttribute('aria-label')}: "${node.textContent}"`);
        }
      }
    }
  }
  return overlaps;
}

test.describe('shipment lists fit the screen', () => {
  test('at 1440 px the default columns fit the table, and the row actions cover no text', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsDemo(page);
    for (const list of LISTS) {
      await page.goto(list);
      await expect(page.getByTestId('shipment-row').nth(9)).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => page.evaluate(sidewaysOverflow)).toEqual({ box: 0, page: 0 });
      // The sidebar is open: the table shares the screen with it.
      await expect(page.getByRole('link', { name: 'Shipment List' })).toBeVisible();
      await page.getByTestId('shipment-row').first().hover();
      expect(await page.evaluate(actionsOverText)).toEqual([]);
    }
  });

  test('at 390 px each shipment is a card with its identifier, status and date, and nothing scrolls sideways', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsDemo(page);
    for (const list of LISTS) {
      await page.goto(list);
      const cards = page.getByTestId('shipment-card');
      await expect(cards.first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('shipment-row')).toHaveCount(0);
      for (const part of ['identifier', 'status', 'date']) {
        await expect(cards.first().locator(`[data-card-part="${part}"]`)).not.toBeEmpty();
      }
      await expect(cards.first().getByRole('checkbox', { name: /^Select / })).toBeVisible();
      await expect(cards.first().getByRole('link', { name: /^Open / })).toBeVisible();
      await expect.poll(() => page.evaluate(sidewaysOverflow)).toEqual({ box: 0, page: 0 });
    }
  });
});
