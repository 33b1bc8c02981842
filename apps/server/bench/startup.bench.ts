/**
 * Start-up and interaction latency as a user waits for them, observed in Debian's Chromium under
 * DevTools' own throttling (CDP), not simulated: for each profile, the median of five cold loads of
 *
 * - the ocean list (signed in): navigation → the first row (or card, on a phone) in the document;
 * - the sign-in page (signed out): navigation → the form answers (React has attached its handlers);
 *
 * and, on the loaded list of 50 rows, the latency of a sort, a filter keystroke, a tab change and
 * opening a row, as INP counts it: the Event Timing API's duration, from the input event to the next
 * paint after its handlers ran (the longest entry of the interaction).
 *
 *   npm run build && cd apps/server && BENCH_DATABASE_URL=… npx tsx bench/startup.bench.ts
 *
 * Targets (docs/performance.md): first row and sign-in usable ≤ 2.5 s (phone), ≤ 1.0 s (desktop);
 * every interaction ≤ 200 ms.
 */
import type { Browser, Page } from 'playwright';
import type { BenchEnvironment } from './harness';
import { runListInBrowser, SIGN_IN_USABLE_POLL } from './browser-run';
import { markdownTable, percentiles } from './report';

const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 5);
const LIST = '/shipments/ocean/active';
/** A row of the list: a table row on a wide screen, a card on a phone's. */
const ROW = '[data-testid="shipment-row"], [data-testid="shipment-card"]';

interface Profile {
  name: string;
  viewport: { width: number; height: number };
  cpu: number;
  /** The browser's User-Agent (a phone's, as Lighthouse's mobile preset sends it); its own otherwise. */
  userAgent?: string;
  /** DevTools' network presets: round trip ms, down and up in bytes a second. */
  latency: number;
  down: number;
  up: number;
}

/** Lighthouse's mobile preset (DevTools "slow 4G", CPU 4×) and its desktop one (CPU 1×). */
const ALL_PROFILES: Profile[] = [
  {
    name: 'phone (slow 4G, CPU 4×)',
    viewport: { width: 412, height: 823 },
    cpu: 4,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    latency: 562.5,
    down: (1474.56 * 1024) / 8,
    up: (675 * 1024) / 8,
  },
  {
    name: 'desktop (40 ms, 10 Mbit/s, CPU 1×)',
    viewport: { width: 1350, height: 940 },
    cpu: 1,
    latency: 40,
    down: (10240 * 1024) / 8,
    up: (10240 * 1024) / 8,
  },
];

/**
 * Runs before the page's scripts: records when the first list row is in the document, and when the
 * sign-in form's e-mail field carries React's handlers (the props React keeps on a hydrated element;
 * a probe of this benchmark only, so that "usable" means the form answers, not that it is painted).
 */
const PROBE = `(() => {
  const ROW = ${JSON.stringify(ROW)};
  const observer = new MutationObserver(() => {
    if (!window.__benchFirstRow && document.querySelector(ROW))
      window.__benchFirstRow = performance.now();
  });
  observer.observe(document, { childList: true, subtree: true });
  ${SIGN_IN_USABLE_POLL}
  window.__benchEvents = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchEvents.push({ name: e.name, duration: e.duration, id: e.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})()`;

async function open(browser: Browser, env: BenchEnvironment, profile: Profile, signedIn: boolean) {
  // The probe above runs as an init script, which the app's Content-Security-Policy would refuse.
  const context = await browser.newContext({
    viewport: profile.viewport,
    userAgent: profile.userAgent,
    bypassCSP: true,
  });
  if (signedIn) {
    const [name, value] = env.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: env.base }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (profile.cpu !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latency,
    downloadThroughput: profile.down,
    uploadThroughput: profile.up,
  });
  await page.addInitScript(PROBE);
  return { context, page };
}

/** The longest Event Timing entry recorded since `from` (the interaction's latency). */
async function latencySince(page: Page, from: number): Promise<number> {
  await page.waitForTimeout(600);
  return page.evaluate<number>(
    `Math.max(0, ...window.__benchEvents.slice(${String(from)}).map((e) => e.duration))`,
  );
}

const eventCount = (page: Page) => page.evaluate<number>('window.__benchEvents.length');

async function interactions(page: Page): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const measure = async (name: string, act: () => Promise<void>) => {
    const from = await eventCount(page);
    await act();
    out[name] = await latencySince(page, from);
  };
  const attempt = async (name: string, act: () => Promise<void>) => {
    try {
      await measure(name, act);
    } catch (err) {
      console.warn(`${name}: ${String(err).split('\n')[0]}`);
    }
  };
  const rows = page.locator(ROW);
  const search = page.getByRole('textbox', { name: 'Search' });
  const cards = (await page.getByTestId('shipment-card').count()) > 0;
  // The table sorts by its column headers; a phone's cards by the Sort select above them, changed from
  // the keyboard (a trusted keydown, which Event Timing records; a scripted change it would not).
  if (cards) {
    await attempt('sort', async () => {
      await page.getByRole('combobox', { name: 'Sort' }).focus();
      await page.keyboard.press('ArrowDown');
    });
  } else {
    await attempt('sort', () => page.getByRole('columnheader').getByRole('button').first().click());
  }
  await attempt('filter', () => search.pressSequentially('a'));
  // Back to the whole list, its filter gone from the address, before a row is opened: a row picked while
  // the filtered answer is still replacing the list may be gone by the time the click lands.
  await search.fill('').catch(() => undefined);
  await page.waitForURL((url) => !url.searchParams.has('q'), { timeout: 30_000 });
  await rows.first().waitFor({ timeout: 30_000 });
  // A row opens from anywhere but its checkbox and actions; on a card, its date is such a place (its
  // identifier carries a copy button).
  const opener = cards ? rows.first().locator('[data-card-part="date"]') : rows.first();
  await attempt('open row', () => opener.click());
  // Back only from the shipment: from the list itself it would leave the app.
  await page.waitForURL((url) => url.pathname !== LIST, { timeout: 30_000 });
  await page.goBack();
  await rows.first().waitFor({ timeout: 30_000 });
  await attempt('tab', () =>
    page
      .getByRole('tab', { name: /archived/i })
      .first()
      .click(),
  );
  return out;
}

/** `BENCH_PROFILES=phone` (or `desktop`) runs one profile only. */
const PROFILES = ALL_PROFILES.filter((p) => p.name.startsWith(process.env.BENCH_PROFILES ?? ''));

runListInBrowser(async (browser, env) => {
  const rows: Record<string, string | number>[] = [];
  for (const profile of PROFILES) {
    const firstRow: number[] = [];
    const usable: number[] = [];
    const inter: Record<string, number[]> = {};
    for (let run = 0; run < RUNS; run++) {
      const list = await open(browser, env, profile, true);
      await list.page.goto(`${env.base}${LIST}`);
      await list.page.waitForSelector(ROW, {
        state: 'attached',
        timeout: 120_000,
      });
      firstRow.push(await list.page.evaluate<number>('window.__benchFirstRow'));
      await list.page.waitForTimeout(1500);
      try {
        for (const [k, v] of Object.entries(await interactions(list.page))) (inter[k] ??= []).push(v);
      } catch (err) {
        console.warn(`${profile.name} run ${String(run + 1)}: interactions failed: ${String(err)}`);
      }
      await list.context.close();

      const signIn = await open(browser, env, profile, false);
      await signIn.page.goto(`${env.base}/auth/sign-in`);
      await signIn.page.waitForFunction('window.__benchUsable', undefined, { timeout: 120_000 });
      usable.push(await signIn.page.evaluate<number>('window.__benchUsable'));
      await signIn.context.close();
      console.log(
        `${profile.name} run ${String(run + 1)}: first row ${firstRow.at(-1)!.toFixed(0)} ms, sign-in usable ${usable.at(-1)!.toFixed(0)} ms`,
      );
    }
    const p50 = (values: number[]) => (values.length ? Math.round(percentiles(values).p50) : NaN);
    rows.push({
      profile: profile.name,
      runs: firstRow.length,
      'first row ms': p50(firstRow),
      'sign-in usable ms': p50(usable),
      // Every column in every row: an interaction that failed in every run shows as "—".
      ...Object.fromEntries(
        ['sort', 'filter', 'open row', 'tab'].map((k) => [`${k} ms`, inter[k]?.length ? p50(inter[k]) : '—']),
      ),
    });
  }
  console.log(markdownTable(rows));
}, 50);
