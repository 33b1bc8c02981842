import { eq, inArray } from 'drizzle-orm';
import { oneProvider } from '../../src/integrations/tracking/sources';
import { expect } from 'vitest';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { alertRules } from '../../src/db/schema/alerts';
import { notifications } from '../../src/db/schema/notifications';
import { oceanShipments, trackedItems } from '../../src/db/schema/tracking';
import type { ExpressAnswer, OceanAnswer } from '../../src/integrations/tracking/provider';
import { createExpressMode } from '../../src/modules/express-shipments/express-mode';
import { createOceanMode } from '../../src/modules/ocean-shipments/ocean-mode';
import { refreshItem, type TrackingEngine } from '../../src/modules/tracking/refresh.service';
import { useTestApp } from '../app';
import { type Account } from '../auth-helpers';
import { containerNo, mbl } from '../factories';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../../src/items-changed-subscribers';

/** The app listening on a port, with a scripted carrier and the helpers the notification tests share. */
export async function useNotificationsApp() {
  const { app, ctx } = await useTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const { db } = ctx;

  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  /** A carrier whose answer the test sets: what a real one would say at each refresh. */
  function scriptedCarrier() {
    const carrier = {
      ocean: { status: 'not_found' } as OceanAnswer,
      express: { status: 'not_found' } as ExpressAnswer,
    };
    const engine: TrackingEngine = {
      modes: {
        ocean: createOceanMode(oneProvider({ source: 'demo', track: async () => carrier.ocean })),
        express: createExpressMode(oneProvider({ source: 'demo', track: async () => carrier.express })),
      },
      notFoundAttempts: 1,
      demoCarriers: false,
      onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS,
    };
    return { carrier, refresh: (itemId: string, now = new Date()) => refreshItem(ctx, engine, itemId, now) };
  }

  const oceanEvent = (
    id: string,
    typeCode: TrackingEvent['typeCode'],
    classifier: TrackingEvent['classifier'],
    time: string,
    createdAt = time,
  ): TrackingEvent => ({
    eventId: id,
    eventType: typeCode === 'ARRI' || typeCode === 'DEPA' ? 'TRANSPORT' : 'EQUIPMENT',
    typeCode,
    classifier,
    emptyIndicator: typeCode === 'ARRI' || typeCode === 'DEPA' ? null : 'LADEN',
    locationCode: typeCode === 'LOAD' ? 'CNSHA' : 'NLRTM',
    locationName: null,
    vesselName: 'EVER ACE',
    vesselImo: null,
    voyage: '001W',
    transportCallSequence: typeCode === 'LOAD' ? 1 : 2,
    eventTime: time,
    createdAt,
  });

  const loaded = oceanEvent('load', 'LOAD', 'ACT', '2026-11-01T00:00:00.000Z');
  const eta = (id: string, time: string, createdAt: string) => oceanEvent(id, 'ARRI', 'EST', time, createdAt);

  /**
   * A container followed by these workspaces (as intake would make it), not yet asked about. The
   * workspaces' alert rules are removed: these tests count carrier changes, and a new workspace's
   * default rules would alert on the same ETA slips (alerts-evaluation.test.ts covers them).
   */
  async function followedContainer(workspaceIds: string[], createdBy: string) {
    await db.delete(alertRules).where(inArray(alertRules.workspaceId, workspaceIds));
    const [item] = await db
      .insert(trackedItems)
      .values({ mode: 'ocean', trackingNo: containerNo(), reference: mbl(), carrier: 'MSCU' })
      .returning();
    await db.insert(oceanShipments).values(
      workspaceIds.map((workspaceId) => ({
        workspaceId,
        itemId: item!.id,
        createdBy,
        containerNo: item!.trackingNo,
        mblNo: item!.reference,
        carrierScac: 'MSCU',
      })),
    );
    return item!;
  }

  const notificationsOf = (itemId: string) =>
    db.select().from(notifications).where(eq(notifications.itemId, itemId));

  const get = (account: Account, query: Record<string, string | number | boolean>) =>
    app.inject({
      method: 'GET',
      url: '/api/notification/get',
      headers: { cookie: account.cookie },
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });

  const mark = (account: Account, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/notification/mark',
      headers: { cookie: account.cookie },
      payload,
    });

  async function turnOff(account: Account, type: string, channels: { inApp: boolean; email: boolean }) {
    const current = await app.inject({
      method: 'GET',
      url: '/api/notification/settings',
      headers: { cookie: account.cookie },
    });
    const settings = current.json().result;
    settings.channels[type] = channels;
    const res = await app.inject({
      method: 'PUT',
      url: '/api/notification/settings',
      headers: { cookie: account.cookie },
      payload: settings,
    });
    expect(res.statusCode).toBe(200);
  }

  /** An ocean container with a baseline view (no notification) then a 2-day ETA slip (one change). */
  async function slipEta(workspaceIds: string[], createdBy: string) {
    const { carrier, refresh } = scriptedCarrier();
    const item = await followedContainer(workspaceIds, createdBy);
    carrier.ocean = {
      status: 'found',
      events: [loaded, eta('eta-1', '2026-12-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')],
    };
    await refresh(item.id);
    carrier.ocean = {
      status: 'found',
      events: [
        loaded,
        eta('eta-1', '2026-12-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'),
        eta('eta-2', '2026-12-03T00:00:00.000Z', '2026-11-05T00:00:00.000Z'),
      ],
    };
    expect((await refresh(item.id)).result).toBe('changed');
    return { item, carrier, refresh };
  }
  return {
    app,
    ctx,
    port,
    db,
    HOUR,
    DAY,
    scriptedCarrier,
    oceanEvent,
    loaded,
    eta,
    followedContainer,
    notificationsOf,
    get,
    mark,
    turnOff,
    slipEta,
  };
}
