import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { carrierConnections } from '../../src/db/schema/carrier-connections';
import { terminalFacts, trackedItems } from '../../src/db/schema/tracking';
import { useTestApp } from '../app';
import { type Team } from '../factories';
import { equipmentEvent, startFakeCarrier } from '../fake-carrier';
import { availabilityRecord, startFakeTerminal } from '../fake-terminal';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Detail {
  shipmentOverallId: string;
  terminal: null | {
    operator: string;
    facility: string;
    status: string;
    checkedAt: string;
    answeredAt: string | null;
    facts: null | {
      holds: Record<string, { state: string; names: string[] }>;
      lastFreeDay: string | null;
      yardLocation: string | null;
      readyForDelivery: boolean | null;
      demurrageOwed: { amount: number | null; currency: string | null; text: string } | null;
    };
  };
  freeTime: { demurrage: { lastFreeDay: string | null; lastFreeDaySource: string | null } };
}

/** The app, a fake carrier and a fake terminal, with the helpers the terminal availability tests share. */
export async function useTerminalAvailabilityApp() {
  const carrier = await startFakeCarrier();
  const terminal = await startFakeTerminal();
  // Maersk through the operator's DCSA connection: one item per container, shared by every organization
  // that follows it (ADR 0035), so that terminal data has someone to be kept from.
  const { app, ctx } = await useTestApp({
    dcsaCarriers: [
      { scac: 'MAEU', eventsUrl: carrier.eventsUrl, headers: { 'Consumer-Key': carrier.apiKey } },
    ],
  });

  const call = (cookie: string, method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  let billSerial = 261000000;
  const bill = () => `MAEU${String(billSerial++)}`;
  const DAY = 86_400_000;
  const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
  const dayIn = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
  /** Storage paid through, as the terminal first says it and once extended; a day set by hand. */
  const PAID_THROUGH = dayIn(5);
  const EXTENDED = dayIn(7);
  const BY_HAND = dayIn(9);
  const record = (box: string, extra: Record<string, unknown> = {}) =>
    availabilityRecord(box, { storagePaidThroughDate: PAID_THROUGH, ...extra });

  /** A container loaded at Shanghai and discharged at Los Angeles two days ago, by the carrier's events. */
  function dischargedAtLosAngeles(box: string) {
    carrier.events.set(box, [
      equipmentEvent(box, {
        equipmentEventTypeCode: 'LOAD',
        emptyIndicatorCode: 'LADEN',
        eventDateTime: daysAgo(20),
        eventCreatedDateTime: daysAgo(20),
      }),
      equipmentEvent(box, {
        equipmentEventTypeCode: 'DISC',
        emptyIndicatorCode: 'LADEN',
        eventDateTime: daysAgo(2),
        eventCreatedDateTime: daysAgo(2),
        eventLocation: { locationName: 'Los Angeles', UNLocationCode: 'USLAX' },
      }),
    ]);
  }

  const apmtConnection = (overrides: object = {}) => ({
    kind: 'apmt-import-availability',
    baseUrl: terminal.availabilityUrl,
    terminals: ['USLAX'],
    auth: {
      type: 'oauth2-client-credentials',
      tokenUrl: terminal.tokenUrl,
      clientId: terminal.clientId,
      clientSecret: terminal.clientSecret,
    },
    perMinute: 1000,
    perDay: 10_000,
    ...overrides,
  });

  async function connectTerminal(team: Team, overrides: object = {}) {
    const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', apmtConnection(overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: { id: string } }>().result.id;
  }

  async function follow(team: Team, box: string, mbl: string) {
    const res = await call(team.owner.cookie, 'POST', '/api/shipments/ocean', {
      items: [{ containerNo: box, mblNo: mbl }],
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const detail = async (team: Team, box: string, mbl: string) => {
    const res = await call(team.owner.cookie, 'GET', `/api/shipments/ocean/${box}/${mbl}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: Detail }>().result;
  };

  /** The attention card's count and the list filter's rows, which must agree. */
  async function rule(team: Team, name: 'onHold' | 'availableForPickup') {
    const dashboard = await call(team.owner.cookie, 'GET', '/api/dashboard/ocean');
    const card = dashboard
      .json<{
        result: { attentionVO: { rule: string; count: number; items: { id: string; reason: unknown }[] }[] };
      }>()
      .result.attentionVO.find((a) => a.rule === name)!;
    const list = await call(team.owner.cookie, 'GET', `/api/shipments/ocean?attention=${name}&limit=200`);
    const rows = list.json<{ result: { items: { shipmentOverallId: string; attention: string | null }[] } }>()
      .result.items;
    return { count: card.count, top: card.items, rows };
  }

  async function health(id: string) {
    const [row] = await ctx.db.select().from(carrierConnections).where(eq(carrierConnections.id, id));
    return row!;
  }

  async function storedFacts(box: string) {
    return ctx.db
      .select({ organizationId: terminalFacts.organizationId, facts: terminalFacts.facts })
      .from(terminalFacts)
      .innerJoin(trackedItems, eq(trackedItems.id, terminalFacts.itemId))
      .where(eq(trackedItems.trackingNo, box));
  }
  return {
    carrier,
    terminal,
    app,
    ctx,
    call,
    billSerial,
    bill,
    DAY,
    daysAgo,
    dayIn,
    PAID_THROUGH,
    EXTENDED,
    BY_HAND,
    record,
    dischargedAtLosAngeles,
    apmtConnection,
    connectTerminal,
    follow,
    detail,
    rule,
    health,
    storedFacts,
  };
}
