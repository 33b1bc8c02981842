import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkContainerNumber } from '@tracklane/shared/validation/container-number';
import { oceanShipments, trackedItems } from '../src/db/schema/tracking';
import { deriveParcel } from '@tracklane/shared/tracking/express/derive-parcel';
import { demoParcelJourney } from '../src/integrations/tracking/express/demo-parcel-carrier';
import { validateExpressItem } from '../src/modules/express-shipments/express-intake.service';
import { DEMO_EMAIL, demoParcels, demoShipments, seedDemoAccount } from '../src/modules/demo/seed-demo';
import { useTestApp } from './app';
import { encryptPassword, fromIp } from './auth-helpers';

const dataDir = await mkdtemp(path.join(tmpdir(), 'tracklane-demo-'));
const { app, ctx } = await useTestApp({ dataDir });

describe('the demo account', () => {
  it('is created once, signs in with the printed password, and follows a dozen demo containers', async () => {
    const first = await seedDemoAccount(ctx);
    expect(first).toMatchObject({ email: DEMO_EMAIL, created: true });
    const again = await seedDemoAccount(ctx);
    expect(again).toEqual({ email: DEMO_EMAIL, password: first.password, created: false });

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...fromIp(),
      payload: {
        email: DEMO_EMAIL,
        password: encryptPassword(ctx, first.password),
        keyId: ctx.authKey.keyId,
      },
    });
    expect(login.statusCode).toBe(200);
    const cookie = `tl_session=${login.cookies.find((c) => c.name === 'tl_session')!.value}`;
    const list = (
      await app.inject({ method: 'GET', url: '/api/shipments/ocean', headers: { cookie } })
    ).json().result;
    expect(list.activeCount).toBe(12);
    const parcels = (
      await app.inject({ method: 'GET', url: '/api/shipments/express', headers: { cookie } })
    ).json().result;
    expect(parcels.activeCount).toBe(12);
    const rows = await ctx.db
      .select()
      .from(oceanShipments)
      .where(eq(oceanShipments.containerNo, list.items[0].containerNo));
    expect(rows).toHaveLength(1);
    // Its organization is the demo one: the demo carriers answer for it, though DEMO_CARRIERS is off
    // (ADR 0035).
    expect(ctx.config.demoCarriers).toBe(false);
    const scopes = await ctx.db
      .selectDistinct({ scope: trackedItems.scope })
      .from(trackedItems)
      .innerJoin(oceanShipments, eq(oceanShipments.itemId, trackedItems.id));
    expect(scopes).toEqual([{ scope: 'demo' }]);
    expect(list.items.every((i: { state: string }) => i.state !== 'no_source')).toBe(true);
  });

  it('uses valid container numbers on several carriers', () => {
    const shipments = demoShipments(new Date());
    expect(shipments).toHaveLength(12);
    for (const s of shipments) expect(checkContainerNumber(s.containerNo).valid).toBe(true);
    expect(new Set(shipments.map((s) => s.carrierScac)).size).toBeGreaterThan(4);
  });

  it('follows a dozen parcels in many states, with valid numbers, and one never found', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const parcels = demoParcels(now);
    expect(parcels).toHaveLength(12);
    const statuses = new Set<string>();
    for (const p of parcels) {
      const checked = validateExpressItem(p);
      expect(checked.ok, p.trackingNo).toBe(true);
      const answer = demoParcelJourney(
        { trackingNo: p.trackingNo, carrier: checked.ok ? checked.carrier : '', trackingStartedAt: now },
        now.getTime(),
      );
      statuses.add(answer.status === 'found' ? deriveParcel(answer.events).status : 'not_found');
    }
    expect(statuses).toContain('not_found');
    expect(statuses.size).toBeGreaterThanOrEqual(6);
  });
});
