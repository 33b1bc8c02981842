/**
 * The signed-in ocean list's load as a phone on a slow network sees it: observed, not simulated. Loads
 * `/shipments/ocean/active` with an empty cache at Lighthouse's phone screen, the CPU slowed 4× and the
 * network throttled as Lighthouse's "devtools" throttling does for its mobile preset (562.5 ms round
 * trips, 1.47 Mbit/s down, 0.68 up), and prints when the first contentful paint came, when the session
 * check and the list's first request left, and when the first row was on the page. Lighthouse's own
 * figures are simulated from an unthrottled load (`lighthouse.bench.ts`); this tells whether a change
 * that moves them moves what a user waits for too (docs/performance.md).
 *
 *   npm run build && cd apps/server && BENCH_DATABASE_URL=… npx tsx bench/list-throttled.ts
 */
import { openSignedInPhone, runListInBrowser } from './browser-run';
import { markdownTable, percentiles } from './report';

const LIST = process.env.BENCH_PROFILE_PATH ?? '/shipments/ocean/active';
const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 5);

/** Runs in the page before its scripts: the moment the first row of the list is in the document. */
const RECORD_FIRST_ROW = `(() => {
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid="shipment-row"]')) {
      window.__benchFirstRow = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

interface Timings {
  fcp: number;
  session: number;
  list: number;
  firstRow: number;
}

runListInBrowser(async (browser, env) => {
  const runs: Timings[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { context, page, cdp } = await openSignedInPhone(browser, env, 4);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1474.56 * 1024) / 8,
      uploadThroughput: (675 * 1024) / 8,
    });
    await page.addInitScript(RECORD_FIRST_ROW);
    await page.goto(`${env.base}${LIST}`);
    await page.waitForSelector('[data-testid="shipment-row"]', { state: 'attached', timeout: 60_000 });
    const timings = await page.evaluate<Timings>(`(() => {
      const started = (part) => performance.getEntriesByType('resource').find((e) => e.name.includes(part))?.startTime ?? NaN;
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        session: started('/api/auth/protected'),
        list: started('/api/shipments/ocean?'),
        firstRow: window.__benchFirstRow ?? NaN,
      };
    })()`);
    runs.push(timings);
    console.log(
      `run ${String(run + 1)}: FCP ${timings.fcp.toFixed(0)}, session check sent ${timings.session.toFixed(0)}, list request sent ${timings.list.toFixed(0)}, first row ${timings.firstRow.toFixed(0)} ms`,
    );
    await context.close();
  }
  const median = (key: keyof Timings) => Math.round(percentiles(runs.map((r) => r[key])).p50);
  console.log(
    markdownTable([
      {
        runs: runs.length,
        'FCP ms': median('fcp'),
        'session check sent ms': median('session'),
        'list request sent ms': median('list'),
        'first row ms': median('firstRow'),
      },
    ]),
  );
});
