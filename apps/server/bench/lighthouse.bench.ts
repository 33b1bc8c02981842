/**
 * `npm run bench` (second part): Lighthouse on the built product, served by the production server as a
 * user gets it (precompressed assets, one port), for the sign-in page and the signed-in ocean list, with
 * Lighthouse's mobile preset (slow 4G, 4× CPU slowdown, simulated) and its desktop preset. Drives
 * Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium). Needs `npm run build`, which the
 * bench script runs when a source changed.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { withBenchEnvironment } from './harness';
import { markdownTable, round } from './report';
import { seedOcean } from './seed';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
/** Ocean shipments in the user's workspace: the list shows its first page of 50. */
const SHIPMENTS = Number(process.env.BENCH_LIGHTHOUSE_SHIPMENTS ?? 1_000);
/**
 * Runs per page and preset, five as Lighthouse's own guidance on variability advises (a single run's
 * TBT on this 2-core VM moves by 2–3× with the machine's state); the median run (by performance score)
 * is reported, and with
 * `BENCH_LIGHTHOUSE_EACH=1` every run's paints and blocking time too (their spread is wide), with
 * Lighthouse's benchmark index of the machine (its CPU speed: the 4× slowdown is applied to what this
 * machine measured, so a slower machine reports a longer TBT for the same page).
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

/** Pages to measure, by name ("ocean list"), comma-separated; all by default. */
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());
/** A run whose trace Lighthouse could not record (NO_NAVSTART on a loaded machine) is run again. */
const ATTEMPTS = 3;

/**
 * A directory to write the reports to, to open in Lighthouse's viewer: the median run's
 * (`<page>-<preset>.json`), and each run's with its trace (`<page>-<preset>-<n>.json`, `….trace.json`).
 */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

interface Target {
  page: string;
  path: string;
  signedIn: boolean;
}

const TARGETS: Target[] = [
  { page: 'sign-in', path: '/auth/sign-in', signedIn: false },
  { page: 'ocean list', path: '/shipments/ocean/active', signedIn: true },
];

async function main() {
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error('No web build: run "npm run build" first.');
  await withBenchEnvironment(
    (db, workspaceId, userId) => seedOcean(db, workspaceId, userId, SHIPMENTS),
    async (env) => {
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
      const rows = [];
      const shifts: string[] = [];
      try {
        for (const preset of ['mobile', 'desktop'] as const) {
          for (const target of TARGETS.filter((t) => !PAGES || PAGES.includes(t.page))) {
            const flags: Flags = {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              ...(target.signedIn ? { extraHeaders: { Cookie: env.cookie } } : {}),
            };
            const runs: Result[] = [];
            for (let i = 0, attempts = 0; i < RUNS; attempts++) {
              const result = await lighthouse(
                `${env.base}${target.path}`,
                flags,
                preset === 'desktop' ? desktopConfig : undefined,
              );
              if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
              if (result.lhr.runtimeError && attempts + 1 < RUNS * ATTEMPTS) {
                console.warn(`${target.page} (${preset}): ${result.lhr.runtimeError.code}, run again`);
                continue;
              }
              runs.push(result.lhr);
              i++;
              if (REPORT_DIR) {
                // Each run's report (its long tasks, its requests) and the trace Lighthouse simulated
                // from, to read its tasks (bench/list-trace.ts's reading).
                await mkdir(REPORT_DIR, { recursive: true });
                const name = `${target.page.replace(/\W+/g, '-')}-${preset}-${String(i)}.trace.json`;
                await writeFile(path.join(REPORT_DIR, name), JSON.stringify(result.artifacts.Trace));
                await writeFile(
                  path.join(REPORT_DIR, name.replace('.trace', '')),
                  JSON.stringify(result.lhr),
                );
              }
            }
            runs.sort(
              (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
            );
            if (process.env.BENCH_LIGHTHOUSE_EACH)
              for (const run of runs) {
                const at = (id: string) => Math.round(run.audits[id]?.numericValue ?? NaN);
                console.log(
                  `${target.page} (${preset}): FCP ${String(at('first-contentful-paint'))}, LCP ${String(at('largest-contentful-paint'))}, TBT ${String(at('total-blocking-time'))} ms, benchmark index ${String(Math.round(run.environment.benchmarkIndex))}`,
                );
              }
            const lhr = runs[Math.floor(runs.length / 2)]!;
            if (lhr.runtimeError) throw new Error(`${target.page}: ${lhr.runtimeError.message}`);
            if (REPORT_DIR) {
              await mkdir(REPORT_DIR, { recursive: true });
              const name = `${target.page.replace(/\W+/g, '-')}-${preset}.json`;
              await writeFile(path.join(REPORT_DIR, name), JSON.stringify(lhr));
            }
            const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
            rows.push({
              page: target.page,
              preset,
              score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
              'FCP ms': ms('first-contentful-paint'),
              'LCP ms': ms('largest-contentful-paint'),
              'TBT ms': ms('total-blocking-time'),
              CLS: round(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN),
              'KiB on the wire': Math.round((lhr.audits['total-byte-weight']?.numericValue ?? NaN) / 1024),
            });
            const culprits =
              (
                lhr.audits['layout-shifts']?.details as
                  { items?: { node?: { snippet?: string }; score?: number }[] } | undefined
              )?.items ?? [];
            for (const item of culprits)
              shifts.push(
                `${target.page} (${preset}): ${round(item.score ?? 0)} ${item.node?.snippet ?? '?'}`,
              );
          }
        }
      } finally {
        chrome.kill();
      }
      console.log(`\nLighthouse ${String(RUNS)} run(s) per page and preset (median by score)`);
      console.log(markdownTable(rows));
      if (shifts.length) console.log(`\nLayout shifts:\n${shifts.join('\n')}`);
    },
    { serveWeb: true },
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
