/**
 * Where the sign-in page's wait goes: loads `/auth/sign-in` signed out in Chromium under DevTools'
 * own throttling (the startup bench's phone or desktop profile, BENCH_PROFILES), cold, and prints each
 * request's timeline (sent, first byte, done, bytes over the wire) beside when the HTML's scripts ran,
 * when the form's e-mail field carried React's handlers (as startup.bench.ts defines "usable"), and
 * the median over the runs; with `BENCH_SIGN_IN_CPU=1` the main thread's busy time by origin (through
 * the source maps) until then, with `BENCH_TRACE=<prefix>` a Chromium trace of each load.
 *
 *   npm run build && cd apps/server && BENCH_DATABASE_URL=… npx tsx bench/sign-in-waterfall.ts
 *   BENCH_PROFILES=desktop BENCH_PROFILE_RUNS=9 BENCH_WEB_DIST=<another build> … (compare two builds)
 */
import { runListInBrowser, SIGN_IN_USABLE_POLL } from './browser-run';
import { markdownTable } from './report';
import { origin, type Profile } from './source-origin';

const PHONE = !(process.env.BENCH_PROFILES ?? 'phone').startsWith('desktop');
const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 1);
/** `BENCH_TRACE=/tmp/sign-in`: also writes a Chromium trace of each load there (`-1.json`, …), for DevTools. */
const TRACE = process.env.BENCH_TRACE;
/** `BENCH_SIGN_IN_CPU=1`: also the main thread's busy time by origin (the profiler slows the page). */
const PROFILE = process.env.BENCH_SIGN_IN_CPU === '1';
const usables: number[] = [];

const USABLE = `(() => {${SIGN_IN_USABLE_POLL}})()`;

runListInBrowser(async (browser, env) => {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({
      viewport: PHONE ? { width: 412, height: 823 } : { width: 1350, height: 940 },
      bypassCSP: true,
      userAgent: PHONE
        ? 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'
        : undefined,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (PHONE) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE ? 562.5 : 40,
      downloadThroughput: ((PHONE ? 1474.56 : 10240) * 1024) / 8,
      uploadThroughput: ((PHONE ? 675 : 10240) * 1024) / 8,
    });
    const requests = new Map<
      string,
      { url: string; sent: number; onWire?: number; firstByte?: number; done?: number; bytes?: number }
    >();
    cdp.on('Network.requestWillBeSent', (e) =>
      requests.set(e.requestId, { url: e.request.url, sent: e.timestamp }),
    );
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.firstByte = e.timestamp;
      // When the request left, after waiting for a connection (HTTP/1.1 allows six per host).
      const t = e.response.timing;
      if (t && t.sendStart >= 0) r.onWire = t.requestTime + t.sendStart / 1000;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { done: e.timestamp, bytes: e.encodedDataLength });
    });
    await page.addInitScript(USABLE);
    // The sampling profiler slows the page down: only when asked, and never beside a trace.
    if (PROFILE && !TRACE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    if (TRACE)
      await browser.startTracing(page, {
        path: `${TRACE}-${String(run + 1)}.json`,
        categories: [
          'devtools.timeline',
          'v8',
          'blink.user_timing',
          'loading',
          'disabled-by-default-devtools.timeline',
        ],
      });
    await page.goto(`${env.base}/auth/sign-in`);
    await page.waitForFunction('window.__benchUsable', undefined, { timeout: 120_000 });
    if (TRACE) await browser.stopTracing();
    const profile =
      PROFILE && !TRACE ? ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile : null;
    const timing = await page.evaluate<{
      usable: number;
      nav: number;
      fcp: number;
      domInteractive: number;
      dcl: number;
      resources: { name: string; start: number; end: number }[];
    }>(`(() => {
      const n = performance.getEntriesByType('navigation')[0];
      return {
        usable: window.__benchUsable, nav: performance.timeOrigin,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
        domInteractive: n.domInteractive, dcl: n.domContentLoadedEventEnd,
      };
    })()`);
    const first = Math.min(...[...requests.values()].map((r) => r.sent));
    const ms = (t?: number) => (t === undefined ? '—' : Math.round((t - first) * 1000));
    console.log(
      `\nrun ${String(run + 1)}: usable ${timing.usable.toFixed(0)} ms, FCP ${timing.fcp.toFixed(0)} ms, DOM interactive ${timing.domInteractive.toFixed(0)} ms, DCL end ${timing.dcl.toFixed(0)} ms`,
    );
    console.log(
      markdownTable(
        [...requests.values()]
          .sort((a, b) => a.sent - b.sent)
          .map((r) => ({
            request: r.url.replace(env.base, '').slice(0, 60),
            'sent ms': ms(r.sent),
            'on the wire ms': ms(r.onWire),
            'first byte ms': ms(r.firstByte),
            'done ms': ms(r.done),
            bytes: r.bytes ?? '—',
          })),
      ),
    );
    if (profile) printProfile(profile);
    usables.push(timing.usable);
    await context.close();
  }
  const sorted = [...usables].sort((a, b) => a - b);
  console.log(
    `usable median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms of ${String(sorted.length)}: ${sorted.map((v) => v.toFixed(0)).join(', ')}`,
  );
}, 10);

/** Busy time by origin, and the CPU timeline in 100 ms buckets (profile time from its start). */
function printProfile(profile: Profile) {
  {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const busy = new Map<string, number>();
    const buckets = new Map<number, number>();
    let t = profile.startTime;
    profile.samples.forEach((id, i) => {
      t += profile.timeDeltas[i] ?? 0;
      const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const frame = byId.get(id)!.callFrame;
      if (frame.functionName === '(idle)') return;
      const { where } = origin(frame);
      busy.set(where, (busy.get(where) ?? 0) + dt);
      const bucket = Math.floor((t / 1000 - profile.startTime / 1000) / 100) * 100;
      buckets.set(bucket, (buckets.get(bucket) ?? 0) + dt);
    });
    const total = [...busy.values()].reduce((a, b) => a + b, 0);
    console.log(`main thread busy ${total.toFixed(0)} ms (profile start to usable)`);
    console.log(
      markdownTable(
        [...busy]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 25)
          .map(([name, v]) => ({ name, ms: Math.round(v) })),
      ),
    );
    console.log(
      'busy per 100 ms from profile start: ' +
        [...buckets]
          .sort((a, b) => a[0] - b[0])
          .map(([b, v]) => `${b}:${v.toFixed(0)}`)
          .join(' '),
    );
  }
}
