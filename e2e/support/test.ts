import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

export { expect };

/**
 * The server sends most pages as HTML (rendered for the request, or at build time) that shows before
 * the page's JavaScript has run, and a click on it does nothing until React has hydrated it: a user who
 * clicks that soon clicks again, a test would wait for an answer that never comes. The app marks
 * `<html data-started>` once React answers (app/app.tsx); navigations made here wait for that mark.
 */
async function untilStarted(page: Page, response: Awaited<ReturnType<Page['goto']>>, waitUntil?: string) {
  if (waitUntil === 'commit' || !response?.headers()['content-type']?.startsWith('text/html')) return;
  await page.locator('html[data-started]').waitFor({ state: 'attached' });
}

const waiting = new WeakSet<Page>();

/** The page, its `goto` and `reload` waiting until the app answers (a navigation to the app's HTML). */
function waitingForStart(page: Page): Page {
  if (waiting.has(page)) return page;
  waiting.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilStarted(page, response, options?.waitUntil);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await untilStarted(page, response, options?.waitUntil);
    return response;
  };
  return page;
}

/**
 * React's reports that the server's HTML did not match what the page rendered from it (and was thrown
 * away and drawn again), in any page of the running test: each test ends with none.
 */
const HYDRATION_ERROR = /Minified React error #(418|419|421|422|423|425)\b|Hydration failed/;
let hydrationErrors: string[] = [];

/** A context whose pages navigate as `waitingForStart` says, and whose hydration errors are kept. */
function startingPages(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitingForStart(await newPage());
  context.on('page', (page) =>
    page.on('pageerror', (error) => {
      if (HYDRATION_ERROR.test(error.message)) hydrationErrors.push(`${page.url()}: ${error.message}`);
    }),
  );
  return context;
}

/** Another user's browser (a context of their own) for a test with two people in it. */
export async function newUserContext(browser: Browser, options?: BrowserContextOptions) {
  return startingPages(await browser.newContext(options));
}

/**
 * Playwright's `test`, with pages that wait for the app to answer after a navigation, and a test that
 * fails when a page's server HTML did not hydrate.
 */
export const test = base.extend<{ hydrates: void }>({
  hydrates: [
    // Playwright reads a fixture's dependencies from this pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      hydrationErrors = [];
      await use();
      expect(hydrationErrors, 'the server HTML hydrated without a mismatch').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context }, use) => {
    await use(startingPages(context));
  },
  // Made by the context above, unless Playwright reuses a page it had open.
  page: async ({ page }, use) => {
    await use(waitingForStart(page));
  },
});
