import { randomInt } from 'node:crypto';
import { expect, test } from '../support/test';
import { type APIRequestContext, type Page } from '@playwright/test';
import { createSignedInUser } from '../support/accounts';
import { withCheckDigit } from '../support/containers';

/*
 * Every page built so far fits a phone (390 px) and a laptop (1440 px): the page never scrolls
 * sideways, nothing sticks out of it, no button's label is cut, and a data table that scrolls sideways
 * inside its card says so (ScrollableTable's hint).
 */

async function result<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: T }).result;
}

/** A workspace with tracked containers and a parcel, a second workspace, and their detail pages. */
async function seedWorkspace(request: APIRequestContext) {
  await result(await request.post('/api/workspaces/setCookies'));
  const items = Array.from({ length: 4 }, () => ({
    containerNo: withCheckDigit(`MSCU${String(randomInt(100000, 999999))}`),
    mblNo: `MEDU${String(randomInt(10_000_000, 99_999_999))}`,
    carrierScac: 'MSCU',
  }));
  await result(await request.post('/api/shipments/ocean', { data: { items } }));
  const [parcel] = await result<{ expressOrderId: string; trackingNo: string }[]>(
    await request.post('/api/shipments/express', { data: { items: [{ trackingNo: '1Z5R89390357567127' }] } }),
  );
  await result(
    await request.post('/api/workspaces/create', {
      data: { workspaceName: 'Imports Europe and the Baltics' },
    }),
  );
  // The worker's first checks answer within seconds: wait for them, so the pages show carrier data.
  let tracked: { containerNo: string; mblNo: string } | undefined;
  await expect
    .poll(
      async () => {
        for (const item of items) {
          const detail = await result<{ state: string; events: unknown[] }>(
            await request.get(`/api/shipments/ocean/${item.containerNo}/${item.mblNo}`),
          );
          if (detail.state !== 'pending' && detail.events.length > 0) tracked = item;
        }
        return tracked !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return {
    ocean: `/shipment/ocean/${tracked!.containerNo}/${tracked!.mblNo}`,
    express: `/shipment/truck/express/${parcel!.expressOrderId}/${parcel!.trackingNo}`,
  };
}

/** What does not fit the window, as sentences; empty when the page fits. */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')!}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  const shown = (el: Element) =>
    el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const page = document.scrollingElement!;
  if (page.scrollWidth > window.innerWidth) problems.push(`the page is ${String(page.scrollWidth)} px wide`);
  for (const el of document.querySelectorAll('body *')) {
    if (!shown(el)) continue;
    const style = getComputedStyle(el);
    if (['auto', 'scroll'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
      const hint = el.closest('[data-scrollable-table]')?.querySelector('[data-testid="scroll-hint"]');
      if (!hint || !shown(hint)) problems.push(`scrolls sideways without saying so: ${name(el)}`);
    }
    // Sticking out of the window, with no scroll box or clip between it and the page.
    const rect = el.getBoundingClientRect();
    if (rect.right > window.innerWidth + 1 && style.position !== 'fixed') {
      let contained = false;
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') contained = true;
      }
      if (!contained) problems.push(`sticks out to ${String(Math.round(rect.right))} px: ${name(el)}`);
    }
  }
  for (const label of document.querySelectorAll('.mantine-Button-label')) {
    if (shown(label) && label.scrollWidth > label.clientWidth + 1)
      problems.push(`cut-off button: ${name(label)}`);
  }
  return problems;
}

async function expectToFit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Loaded: no skeleton or list still waiting for the server.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  // Read once the page has settled: after the rows' commit, the table measures its row window and
  // column floors in the next frames and sets the sideways-scroll hint from its ResizeObserver after
  // them, so the layout is read until it reports nothing (or the timeout ends with its problems).
  await expect
    .poll(async () => ({ path, problems: await page.evaluate(layoutProblems) }))
    .toEqual({ path, problems: [] });
}

const SIGNED_IN_PAGES = [
  '/',
  '/dashboard/ocean',
  '/dashboard/truck/express',
  '/shipments/ocean/active',
  '/shipments/ocean/archived',
  '/shipments/truck/express/active',
  '/shipments/truck/express/not-found',
  '/shipments/truck/express/archived',
  '/new-shipments/ocean',
  '/new-shipments/truck/express',
  '/new-shipments/create',
  '/shipment-history/ocean/tracking-history',
  '/shipment-history/ground/shared-history',
  '/shipment-history/ocean/shared-history/details/any',
  '/notifications/all',
  '/settings/profile',
  '/settings/notification',
  '/settings/billing',
  '/payment/pricing-table',
  '/workspace-settings/members',
  '/workspace-settings/overview',
  '/no-such-page',
];

const SIGNED_OUT_PAGES = [
  '/auth/sign-in',
  '/auth/sign-up?email=ada%40example.com',
  '/auth/forgot-password',
  '/auth/verify-email?email=ada%40example.com',
  '/legal',
  '/expiredLink',
];

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${String(width)} px`, () => {
    test('every signed-in page fits, and a table that scrolls sideways says so', async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height });
      await createSignedInUser(page.request, `layout-${String(width)}`);
      const details = await seedWorkspace(page.request);
      for (const path of [
        ...SIGNED_IN_PAGES,
        details.ocean,
        `${details.ocean}?tab=events`,
        details.express,
      ]) {
        await expectToFit(page, path);
      }
      if (width < 1024) {
        // The navigation drawer with the workspace rail fits too.
        await page.getByTestId('open-navigation').click();
        await expect(page.getByTestId('sidebar-drawer')).toBeVisible();
        expect(await page.evaluate(layoutProblems)).toEqual([]);
      }
    });

    test('every signed-out page fits', async ({ page }) => {
      await page.setViewportSize({ width, height });
      for (const path of SIGNED_OUT_PAGES) await expectToFit(page, path);
    });
  });
}
