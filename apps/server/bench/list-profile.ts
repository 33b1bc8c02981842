/**
 * A CPU profile of the signed-in ocean list's first render, for "where does the list's time go"
 * (docs/performance.md). Serves the built product as the Lighthouse bench does, opens
 * `/shipments/ocean/active` in Chromium with the DevTools profiler running until the rows are shown,
 * and prints self time by original source (through the build's source maps): by package or app folder,
 * and the top functions. `BENCH_PROFILE_OUT=/tmp/list.cpuprofile` also writes the profile for DevTools.
 *
 *   npm run build && cd apps/server && BENCH_DATABASE_URL=… npx tsx bench/list-profile.ts
 */
import { writeFileSync } from 'node:fs';
import { runListInBrowser } from './browser-run';
import { markdownTable } from './report';
import { origin, type Profile } from './source-origin';

const SHIPMENTS = Number(process.env.BENCH_LIGHTHOUSE_SHIPMENTS ?? 1_000);
const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 3);
const OUT = process.env.BENCH_PROFILE_OUT;
/** `BENCH_PROFILE_THROTTLE=4`: slow the CPU as Lighthouse's mobile preset assumes, to see its long tasks. */
const THROTTLE = Number(process.env.BENCH_PROFILE_THROTTLE ?? 1);
const LIST = process.env.BENCH_PROFILE_PATH ?? '/shipments/ocean/active';
/** `BENCH_PROFILE_VIEWPORT=412x823`: Lighthouse's mobile screen; its desktop one by default. */
const [width, height] = (process.env.BENCH_PROFILE_VIEWPORT ?? '1350x940').split('x').map(Number);
const VIEWPORT = { width: width ?? 1350, height: height ?? 940 };

/**
 * The longest stretches of work without a break for idle (what the browser runs as one long task), each
 * with its share by origin (inclusive), to see what one long task does.
 */
function longestStretches(profile: Profile, count: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stack = (id: number) => {
    const set = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      set.add(origin(byId.get(at)!.callFrame).where);
    return set;
  };
  const stretches: { ms: number; samples: { id: number; ms: number }[] }[] = [];
  let current: { ms: number; samples: { id: number; ms: number }[] } = { ms: 0, samples: [] };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const idle = byId.get(id)!.callFrame.functionName === '(idle)';
    if (idle) {
      if (current.ms > 0) stretches.push(current);
      current = { ms: 0, samples: [] };
    } else {
      current.ms += ms;
      current.samples.push({ id, ms });
    }
  });
  if (current.ms > 0) stretches.push(current);
  return stretches
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((stretch) => {
      const inclusive = new Map<string, number>();
      for (const { id, ms } of stretch.samples)
        for (const where of stack(id)) inclusive.set(where, (inclusive.get(where) ?? 0) + ms);
      return { ms: stretch.ms, inclusive };
    });
}

function selfTimes(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byWhere = new Map<string, number>();
  const byFn = new Map<string, number>();
  // Inclusive: a sample counts once for each origin on its stack (a component's render and hooks,
  // since React calls each component from its work loop rather than from its parent).
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const origins = new Map<number, Set<string>>();
  const originsOf = (id: number): Set<string> => {
    const known = origins.get(id);
    if (known) return known;
    const up = parent.get(id);
    const set = new Set(up === undefined ? [] : originsOf(up));
    set.add(origin(byId.get(id)!.callFrame).where);
    origins.set(id, set);
    return set;
  };
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const node = byId.get(id)!;
    const { where, fn } = origin(node.callFrame);
    if (where === '(idle)') continue;
    total += ms;
    byWhere.set(where, (byWhere.get(where) ?? 0) + ms);
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
    for (const where of originsOf(id)) inclusive.set(where, (inclusive.get(where) ?? 0) + ms);
  }
  return { total, byWhere, byFn, inclusive };
}

const top = (m: Map<string, number>, total: number, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => ({ name, ms: Math.round(ms), share: `${((ms / total) * 100).toFixed(1)}%` }));

runListInBrowser(async (browser, env) => {
  const totals: number[] = [];
  let last: ReturnType<typeof selfTimes> | null = null;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const [name, value] = env.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: env.base }]);
    const page = await context.newPage();
    // Warm the HTTP cache and the code cache, as a returning user's browser has them.
    await page.goto(`${env.base}${LIST}`);
    await page.getByTestId('shipment-row').first().waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    if (THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await cdp.send('Profiler.start');
    const started = Date.now();
    await page.reload();
    await page.getByTestId('shipment-row').first().waitFor();
    await page.waitForTimeout(500);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const shown = await page.getByTestId('shipment-row').count();
    const result = selfTimes(profile);
    totals.push(result.total);
    console.log(
      `run ${String(run + 1)}: ${String(Date.now() - started)} ms to rows + 500 ms, ${String(Math.round(result.total))} ms CPU, ${String(shown)} rows in the DOM`,
    );
    if (OUT && run === RUNS - 1) writeFileSync(OUT, JSON.stringify(profile));
    if (run === RUNS - 1)
      for (const [i, stretch] of longestStretches(
        profile,
        Number(process.env.BENCH_PROFILE_TASKS ?? 3),
      ).entries()) {
        console.log(
          `\nLong task ${String(i + 1)}: ${String(Math.round(stretch.ms))} ms, inclusive by origin`,
        );
        console.log(markdownTable(top(stretch.inclusive, stretch.ms, 14)));
      }
    last = result;
    await context.close();
  }
  if (!last) return;
  console.log('\nSelf time by origin (last run)');
  console.log(markdownTable(top(last.byWhere, last.total, 25)));
  console.log('\nInclusive time by origin (last run): a sample counts for every origin on its stack');
  console.log(markdownTable(top(last.inclusive, last.total, 40)));
  console.log('\nSelf time by function (last run)');
  console.log(markdownTable(top(last.byFn, last.total, 30)));
}, SHIPMENTS);
