import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { trackedItems, trackingEvents } from '../../src/db/schema/tracking';
import { syncCarrierSubscriptions } from '../../src/modules/ocean-shipments/carrier-connections/carrier-subscriptions.service';
import { useTestApp } from '../app';
import { buildTeam, containerNo, mbl, type Team } from '../factories';
import { startFakeCarrier } from '../fake-carrier';

/** The app listening at its PUBLIC_URL and a fake carrier, with the helpers the push delivery tests share. */
export async function useCarrierPushApp() {
  /** A port nothing listens on yet: the app's PUBLIC_URL must be known before it listens. */
  async function freePort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  // The carrier calls the app over real HTTP, as it would in production: the app listens on its PUBLIC_URL.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${String(port)}`;
  const { app, ctx } = await useTestApp({ publicUrl });
  await app.listen({ port, host: '127.0.0.1' });
  const carrier = await startFakeCarrier();

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** A real-shaped MSC voyage (DCSA 2.2), re-aimed at one container with fresh event ids. */
  const VOYAGE = JSON.parse(
    readFileSync(
      new URL('../../src/integrations/tracking/dcsa/fixtures/voyage-msc.json', import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown>[];
  function voyage(box: string): Record<string, unknown>[] {
    return VOYAGE.map((event) => ({
      ...event,
      eventID: randomUUID(),
      ...(event.eventType === 'EQUIPMENT' ? { equipmentReference: box } : {}),
    }));
  }

  async function pushConnection(team: Team, overrides: object = {}) {
    const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', {
      carrier: 'MSCU',
      baseUrl: carrier.eventsUrl,
      auth: { type: 'headers', headers: { 'Consumer-Key': carrier.apiKey } },
      delivery: 'push',
      perMinute: 100,
      perDay: 1000,
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: { id: string } }>().result;
  }

  async function follow(team: Team, boxes: string[], bill = mbl()) {
    const res = await call(team.owner.cookie, 'POST', '/api/shipments/ocean', {
      items: boxes.map((containerNo) => ({ containerNo, mblNo: bill })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return bill;
  }

  const detail = async (team: Team, box: string, bill: string) =>
    (await call(team.owner.cookie, 'GET', `/api/shipments/ocean/${box}/${bill}`)).json<{
      result: Record<string, unknown> & { events: unknown[]; state: string; shipmentOverallId: string };
    }>().result;

  const connectionView = async (team: Team, id: string) =>
    (
      (await call(team.owner.cookie, 'GET', '/api/carrier-connections')).json().result as {
        id: string;
        delivery: string;
        push: Record<string, unknown>;
        health: { callsToday: number };
      }[]
    ).find((c) => c.id === id)!;

  const eventsOf = async (box: string, organizationId: string) => {
    const rows = await ctx.db
      .select({ id: trackingEvents.id })
      .from(trackingEvents)
      .innerJoin(trackedItems, eq(trackedItems.id, trackingEvents.itemId))
      .where(and(eq(trackedItems.trackingNo, box), eq(trackedItems.organizationId, organizationId)));
    return rows.length;
  };

  const subscriptionsFor = (box: string) =>
    [...carrier.subscriptions.values()].filter((s) => s.equipmentReference === box);

  /** A pushing connection of a fresh organization, subscribed to one followed container. */
  async function subscribed() {
    const team = await buildTeam(app, ctx);
    const connection = await pushConnection(team);
    const box = containerNo('MSMU');
    const bill = await follow(team, [box]);
    await syncCarrierSubscriptions(ctx, connection.id);
    expect(subscriptionsFor(box)).toHaveLength(1);
    return { team, connection, box, bill };
  }
  return {
    freePort,
    port,
    publicUrl,
    app,
    ctx,
    carrier,
    call,
    VOYAGE,
    voyage,
    pushConnection,
    follow,
    detail,
    connectionView,
    eventsOf,
    subscriptionsFor,
    subscribed,
  };
}
