import { afterAll, expect } from 'vitest';
import { buildApp, type App } from '../../../src/app';
import { registerMode } from '../../../src/modules/tracking/tracking-engine';
import { createTestContext } from '../../context';
import { useTestDatabase } from '../../database';
import type { Team } from '../../factories';
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

let serial = 1_000_000;
/** A fresh air waybill number: airline prefix, seven digits and their check digit (mod 7). */
export function awb(): string {
  serial += 1;
  return `020${String(serial).padStart(7, '0')}${String(serial % 7)}`;
}

/** Calls to the API as a cookie's user, and air waybills followed through the mode's intake. */
export function airCalls(app: App) {
  const call = (
    cookie: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  /** The team's owner follows a fresh AWB (or `number`) with Lufthansa Cargo. */
  async function addAir(team: Team, number = awb()) {
    const res = await call(team.owner.cookie, 'POST', '/api/shipments/air', {
      items: [{ awb: number, airline: 'LH' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json<{ result: { outcome: string; subscriptionId: string }[] }>().result;
    expect(row!.outcome).toBe('created');
    return { awb: number, id: row!.subscriptionId };
  }

  return { call, addAir };
}
