/**
 * The long tasks of the signed-in ocean list's load on a slowed CPU, read from a Chromium trace: what
 * Lighthouse's mobile TBT adds up, measured directly and quickly (docs/performance.md). Loads
 * `/shipments/ocean/active` with an empty HTTP cache and the CPU slowed `BENCH_THROTTLE` times (4, as
 * Lighthouse's mobile preset assumes), at Lighthouse's mobile screen, and prints every task over 50 ms
 * after the first contentful paint with what it spent its time on, and their blocking time in all.
 *
 *   npm run build && cd apps/server && BENCH_DATABASE_URL=… npx tsx bench/list-trace.ts
 */
import { writeFileSync } from 'node:fs';
import { openSignedInPhone, runListInBrowser } from './browser-run';
import { markdownTable } from './report';
import { origin, type Profile } from './source-origin';

const LIST = process.env.BENCH_PROFILE_PATH ?? '/shipments/ocean/active';
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 4);
const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 3);
const OUT = process.env.BENCH_TRACE_OUT;
/** What counts as a long task, in ms: 50 as in TBT; 12.5 unthrottled shows what Lighthouse's simulation slows 4× past 50. */
const LONG_MS = Number(process.env.BENCH_TRACE_LONG_MS ?? 50);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The renderer's main thread of the page: the CrRendererMain with the most events. */
function mainThread(events: TraceEvent[]): TraceEvent[] {
  const renderers = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${String(e.pid)}:${String(e.tid)}`),
  );
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${String(e.pid)}:${String(e.tid)}`;
    if (renderers.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return events
    .filter((e) => e.ph === 'X' && `${String(e.pid)}:${String(e.tid)}` === main)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

/** A task's time by what ran in it, each event counted without the events nested in it. */
function breakdown(inside: TraceEvent[]): string {
  const self = new Map<string, number>();
  const stack: { end: number; label: string }[] = [];
  for (const e of inside) {
    while (stack.length && e.ts >= stack[stack.length - 1]!.end) stack.pop();
    const ms = (e.dur ?? 0) / 1000;
    const data = e.args?.data;
    const where = data?.url ? data.url.split('/').pop() : data?.functionName;
    const label = where ? `${e.name} ${where}` : e.name;
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.label, (self.get(parent.label) ?? 0) - ms);
    self.set(label, (self.get(label) ?? 0) + ms);
    stack.push({ end: e.ts + (e.dur ?? 0), label });
  }
  return [...self]
    .filter(([, ms]) => ms >= 3)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([label, ms]) => `${label} ${String(Math.round(ms))}`)
    .join('; ');
}

/** The JavaScript of a stretch of the profile: the app's and packages' share, each sample once per origin on its stack. */
function byOrigin(profile: Profile, from: number, to: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (at < from || at >= to) return;
    const seen = new Set<string>();
    const under = process.env.BENCH_TRACE_UNDER;
    if (under) {
      let found = false;
      for (let node: number | undefined = id; node !== undefined && !found; node = parent.get(node))
        found = origin(byId.get(node)!.callFrame).fn.startsWith(`${under} `);
      if (!found) return;
    }
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const named = origin(byId.get(node)!.callFrame);
      const where = process.env.BENCH_TRACE_BY === 'function' ? named.fn : named.where;
      // By origin, React's own share is what is left: the app's and the other packages' are named.
      const skip =
        process.env.BENCH_TRACE_BY === 'function' ? /^\(|^\?$/ : /^\(|^\?$|react-dom|^react$|scheduler/;
      if (skip.test(named.where) || seen.has(where)) continue;
      seen.add(where);
      inclusive.set(where, (inclusive.get(where) ?? 0) + ms);
    }
  });
  return [...inclusive]
    .filter(([, ms]) => ms >= 2)
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.BENCH_TRACE_ORIGINS ?? 8))
    .map(([where, ms]) => `${where.replace('../../src/', '')} ${String(Math.round(ms))}`)
    .join('; ');
}

runListInBrowser(async (browser, env) => {
  const totals: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { context, page, cdp } = await openSignedInPhone(browser, env, THROTTLE);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading,toplevel',
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${env.base}${LIST}`);
    await page.getByTestId('shipment-row').first().waitFor({ timeout: 60_000 });
    // Quiet after the rows, as Lighthouse waits for the page to settle.
    await page.waitForTimeout(3_000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    await cdp.send('Tracing.end');
    await complete;
    await context.close();
    if (OUT) writeFileSync(`${OUT}.${String(run + 1)}.json`, JSON.stringify({ traceEvents: events }));

    const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? 0;
    const thread = mainThread(events);
    const start = thread[0]?.ts ?? 0;
    const tasks: TraceEvent[] = [];
    let end = 0;
    for (const e of thread)
      if (TASK.has(e.name) && e.ts >= end) {
        tasks.push(e);
        end = e.ts + (e.dur ?? 0);
      }
    const long = tasks.filter((t) => t.ts >= fcp && (t.dur ?? 0) > LONG_MS * 1000);
    const blocking = long.reduce((sum, t) => sum + (t.dur ?? 0) / 1000 - LONG_MS, 0);
    totals.push(blocking);
    console.log(
      `\nrun ${String(run + 1)}: FCP ${String(Math.round((fcp - start) / 1000))} ms, blocking time after it ${String(Math.round(blocking))} ms`,
    );
    console.log(
      markdownTable(
        long.map((t) => ({
          at: Math.round((t.ts - start) / 1000),
          ms: Math.round((t.dur ?? 0) / 1000),
          spent: breakdown(thread.filter((e) => e !== t && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0))),
          code: byOrigin(profile, t.ts, t.ts + (t.dur ?? 0)),
        })),
      ),
    );
  }
  totals.sort((a, b) => a - b);
  console.log(
    `\nblocking time, median of ${String(RUNS)}: ${String(Math.round(totals[Math.floor(RUNS / 2)] ?? 0))} ms`,
  );
});
