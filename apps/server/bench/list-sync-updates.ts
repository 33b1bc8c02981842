/**
 * The state updates React saw while the signed-in ocean list loaded (ADR 0024): needs the web app built
 * with `apps/web/vite.sync-updates.config.ts`, which records them. A synchronous one (`sync`) inside a
 * commit (`in commit`) makes React run that commit's effects and render again in the same task.
 * `BENCH_THROTTLE=4` slows the CPU as Lighthouse's phone does.
 *
 *   cd apps/web && npx vite build --config vite.sync-updates.config.ts && node scripts/prerender.mjs
 *   cd ../server && BENCH_DATABASE_URL=… npx tsx bench/list-sync-updates.ts
 */
import { openSignedInPhone, runListInBrowser } from './browser-run';
import { markdownTable } from './report';

const LIST = process.env.BENCH_PROFILE_PATH ?? '/shipments/ocean/active';
/** CPU slowdown, as Lighthouse's phone (4): more answers arrive while React renders. */
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 1);

interface SyncUpdate {
  ctx: number;
  /** React's lane: 2 is synchronous. */
  lane: number;
  at: number;
  who: string;
  stack: string;
}

runListInBrowser(async (browser, env) => {
  const { context, page } = await openSignedInPhone(browser, env, THROTTLE);
  await page.goto(`${env.base}${LIST}`);
  await page.getByTestId('shipment-row').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(2_000);
  const updates = await page.evaluate<SyncUpdate[] | null>('window.__syncUpdates ?? null');
  await context.close();
  if (!updates) throw new Error('No records: build the web app with vite.sync-updates.config.ts first.');
  console.log(
    markdownTable(
      updates.map((update) => ({
        at: update.at,
        'in commit': (update.ctx & 4) === 4 ? 'yes' : '',
        sync: update.lane === 2 ? 'yes' : '',
        where: update.who,
        from: update.stack.replace(/https?:\/\/[^/]+\/assets\//g, '').slice(0, 200),
      })),
    ),
  );
});
