/**
 * What React rendered synchronously while the signed-in ocean list loaded (ADR 0024): needs the web app
 * built with `apps/web/vite.sync-updates.config.ts`, which records them. An update inside a commit
 * (`in commit`) makes React run that commit's effects in the same task.
 *
 *   cd apps/web && npx vite build --config vite.sync-updates.config.ts && node scripts/prerender.mjs
 *   cd ../server && BENCH_DATABASE_URL=… npx tsx bench/list-sync-updates.ts
 */
import { runListInBrowser } from './browser-run';
import { markdownTable } from './harness';

const LIST = process.env.BENCH_PROFILE_PATH ?? '/shipments/ocean/active';

interface SyncUpdate {
  ctx: number;
  at: number;
  who: string;
  stack: string;
}

runListInBrowser(async (browser, env) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const [name, value] = env.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: env.base }]);
  const page = await context.newPage();
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
        where: update.who,
        from: update.stack.replace(/https?:\/\/[^/]+\/assets\//g, '').slice(0, 200),
      })),
    ),
  );
});
