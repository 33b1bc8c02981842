import { afterAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { AppContext } from '../src/app-context';
import type { Config } from '../src/config';
import { useTestDatabase } from './database';
import { createTestContext } from './context';

/** The whole API on a fresh database, ready for `inject`. */
export async function useTestApp(
  overrides: Partial<Config> = {},
): Promise<{ app: App; ctx: AppContext; database: Awaited<ReturnType<typeof useTestDatabase>> }> {
  const database = await useTestDatabase();
  const ctx = await createTestContext(database, overrides);
  const app = await buildApp(ctx);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await ctx.realtime.close();
    await ctx.jobs.boss.stop({ graceful: false }).catch(() => undefined);
  });
  return { app, ctx, database };
}
