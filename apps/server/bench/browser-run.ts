// What the browser benchmarks of the signed-in ocean list share (list-profile, list-trace,
// list-renders): a seeded workspace served with the built web app, Debian's Chromium, and the exit
// code of a failed run.
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright';
import { withBenchEnvironment, type BenchEnvironment } from './harness';
import { seedOcean } from './seed';

/**
 * Seeds `shipments` ocean shipments in a throwaway workspace, serves the built web app beside the API,
 * launches Chromium and runs `bench` with both; closes the browser and tears the database down after,
 * and exits non-zero when anything failed.
 */
export function runListInBrowser(
  bench: (browser: Browser, env: BenchEnvironment) => Promise<void>,
  shipments = 1_000,
): void {
  withBenchEnvironment(
    (db, workspaceId, userId) => seedOcean(db, workspaceId, userId, shipments),
    async (env) => {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
        ],
      });
      try {
        await bench(browser, env);
      } finally {
        await browser.close();
      }
    },
    { serveWeb: true },
  ).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

/**
 * A new browser context signed in as the seeded user, at Lighthouse's phone screen (412 × 823), with
 * the CPU slowed `throttle` times (4 as Lighthouse's mobile preset; 1 leaves it as it is).
 */
export async function openSignedInPhone(
  browser: Browser,
  env: BenchEnvironment,
  throttle = 1,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const [name, value] = env.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: env.base }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return { context, page, cdp };
}

/**
 * Page script that records in `window.__benchUsable` when the sign-in form is usable: its e-mail input
 * carries React's event handlers (the page has hydrated it). Bench-only: it reads React's own property
 * names on the element, which is how a test outside the app can tell hydration happened.
 */
export const SIGN_IN_USABLE_POLL = `
  const poll = () => {
    const input = document.querySelector('input[type="email"], input[name="email"]');
    if (input && Object.keys(input).some((k) => k.startsWith('__reactProps'))) {
      window.__benchUsable = performance.now();
      return;
    }
    setTimeout(poll, 10);
  };
  poll();
`;
