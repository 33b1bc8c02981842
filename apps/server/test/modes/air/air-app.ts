import { afterAll } from 'vitest';
import { buildApp } from '../../../src/app';
import { registerMode } from '../../../src/modules/tracking/tracking-engine';
import { createTestContext } from '../../context';
import { useTestDatabase } from '../../database';
import { createAirMode, createFakeAirline } from './air-mode';
import { airRoutes } from './air-routes';
import { createAirTables } from './air-schema';

/**
 * The whole API with the air mode joined as a further mode would: its table, its definition in the
 * engine and the registry (before the app is built, so that the routes written over every mode see
 * it), and its own routes. The mode leaves the registry with the file.
 */
export async function useAirApp() {
  const database = await useTestDatabase();
  await createAirTables(database.pool);
  const ctx = await createTestContext(database, {
    demoCarriers: true,
    apiKeyRateLimitPerMinute: 1000,
    webhookAllowPrivateTargets: true,
  });
  const airline = createFakeAirline();
  const unregister = registerMode(ctx.tracking, createAirMode(airline));
  const app = await buildApp(ctx);
  await app.register(airRoutes, { ctx });
  await app.ready();
  afterAll(async () => {
    unregister();
    await app.close();
    await ctx.realtime.close();
    await ctx.jobs.boss.stop({ graceful: false }).catch(() => undefined);
  });
  return { app, ctx, airline };
}
