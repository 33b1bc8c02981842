import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { trackedBills } from '../../src/db/schema/tracking';
import type { RealtimeEvent } from '../../src/integrations/realtime/realtime-hub';
import { refreshBills } from '../../src/modules/ocean-shipments/bill-refresh.service';
import { useTestApp } from '../app';
import { type Team } from '../factories';
import { equipmentEvent, startFakeCarrier } from '../fake-carrier';

export type Method = 'GET' | 'POST' | 'DELETE';

/** The app and a fake carrier, with the helpers the bill of lading tests share. */
export async function useBillsOfLadingApp() {
  const { app, ctx, database } = await useTestApp({ apiKeyRateLimitPerMinute: 1000 });
  const carrier = await startFakeCarrier();

  const call = (cookie: string, method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const withKey = (key: string, method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });

  /** The organization's own connection for the carrier, to the fake DCSA carrier with its static key. */
  async function connect(team: Team, scac = 'MSCU') {
    const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', {
      carrier: scac,
      baseUrl: carrier.eventsUrl,
      auth: { type: 'headers', headers: { 'Consumer-Key': carrier.apiKey } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: { id: string } }>().result.id;
  }

  /** A DCSA equipment event of a container on a bill, naming the bill as its transport document. */
  const onBill = (box: string, bill: string, extra: Record<string, unknown> = {}) =>
    equipmentEvent(box, {
      documentReferences: [{ documentReferenceType: 'TRD', documentReferenceValue: bill }],
      ...extra,
    });

  async function add(cookie: string, items: object[]) {
    const res = await call(cookie, 'POST', '/api/shipments/ocean', { items });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: Record<string, unknown>[] }>().result;
  }

  /** Asks the carriers about these followed bills (by reference), as the poller's jobs do. */
  async function refreshBillsOf(references: string[], now = new Date()) {
    const rows = await ctx.db
      .select({ id: trackedBills.id })
      .from(trackedBills)
      .where(inArray(trackedBills.reference, references));
    return refreshBills(
      ctx,
      rows.map((r) => r.id),
      now,
    );
  }

  const listOf = async (cookie: string, query = '') => {
    const res = await call(cookie, 'GET', `/api/shipments/ocean${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: { items: Record<string, unknown>[] } }>().result.items;
  };

  /** The realtime events published from now on (they arrive once their transaction commits). */
  function listen() {
    const heard: RealtimeEvent[] = [];
    const stop = ctx.realtime.subscribe({ event: (e) => heard.push(e), reset: () => undefined });
    return { heard, stop };
  }
  return { app, ctx, database, carrier, call, withKey, connect, onBill, add, refreshBillsOf, listOf, listen };
}
