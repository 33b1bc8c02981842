import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client';
import { carrierConnections } from '../src/db/schema/carrier-connections';
import { BudgetSpentError, callsCounted, spendCall } from '../src/integrations/tracking/connections/budget';
import { createOrganizationConnections } from '../src/integrations/tracking/connections/organization-connections';
import {
  prepareConnectionSecrets,
  SecretsKeyError,
} from '../src/integrations/tracking/connections/secrets-at-rest';
import { DcsaError } from '../src/integrations/tracking/dcsa/dcsa-provider';
import { ProviderDeferredError, type OceanQuery } from '../src/integrations/tracking/provider';
import { createSecretBox, keyId } from '../src/lib/secret-box';
import { useTestApp } from './app';
import { buildTeam, containerNo, type Team } from './factories';
import { equipmentEvent, startFakeCarrier } from './fake-carrier';

const { app, ctx, database } = await useTestApp();
const carrier = await startFakeCarrier();
const now = new Date('2026-11-21T12:00:00Z');
const query = (box: string): OceanQuery => ({
  containerNo: box,
  mblNo: '',
  carrierScac: 'HLCU',
  trackingStartedAt: now,
});

/** An organization with an OAuth2 connection to the fake carrier; the provider the engine would get. */
async function connected(
  options: { perMinute?: number; perDay?: number; timeoutMs?: number; auth?: object } = {},
) {
  const team: Team = await buildTeam(app, ctx);
  const res = await app.inject({
    method: 'POST',
    url: '/api/carrier-connections',
    headers: { cookie: team.owner.cookie },
    payload: {
      carrier: 'HLCU',
      baseUrl: carrier.eventsUrl,
      auth: options.auth ?? {
        type: 'oauth2-client-credentials',
        tokenUrl: carrier.tokenUrl,
        clientId: carrier.clientId,
        clientSecret: carrier.clientSecret,
      },
      perMinute: options.perMinute ?? 1000,
      perDay: options.perDay ?? 10_000,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json<{ result: { id: string } }>().result.id;
  const connections = createOrganizationConnections({ ...ctx, timeoutMs: options.timeoutMs ?? 2000 });
  const provider = (await connections.oceanProvider(team.organizationId, 'HLCU'))!;
  const health = async () =>
    (await ctx.db.select().from(carrierConnections).where(eq(carrierConnections.id, id)))[0]!;
  return { team, id, provider, health, connections };
}

const withOverride = async <T>(override: typeof carrier.override, work: () => Promise<T>): Promise<T> => {
  carrier.override = override;
  try {
    return await work();
  } finally {
    carrier.override = null;
  }
};

describe('a connection to a hostile carrier', () => {
  it('reuses one token across calls and gets a fresh one when the carrier revokes it mid-run', async () => {
    const { provider, health } = await connected();
    const box = containerNo('HLXU');
    carrier.events.set(box, [equipmentEvent(box)]);
    const before = carrier.tokenRequests;
    for (let i = 0; i < 3; i++) expect((await provider.track(query(box), now)).status).toBe('found');
    expect(carrier.tokenRequests - before).toBe(1);

    carrier.validTokens.clear();
    const answer = await provider.track(query(box), now);
    expect(answer.status).toBe('found');
    // One 401, one new token, one successful retry.
    expect(carrier.tokenRequests - before).toBe(2);
    expect((await health()).lastSuccessAt).not.toBeNull();
  });

  it('shares one token request among concurrent calls', async () => {
    const { provider } = await connected();
    const box = containerNo('HLXU');
    const before = carrier.tokenRequests;
    carrier.tokenDelayMs = 100;
    try {
      await Promise.all(Array.from({ length: 8 }, () => provider.track(query(box), now)));
    } finally {
      carrier.tokenDelayMs = 0;
    }
    expect(carrier.tokenRequests - before).toBe(1);
  });

  it('reports wrong credentials when even a fresh token is refused', async () => {
    const { provider, health } = await connected();
    const error = await withOverride(
      (_req, res) => (res.writeHead(401).end(), true),
      () => provider.track(query(containerNo()), now).catch((err: unknown) => err),
    );
    expect(error).toBeInstanceOf(DcsaError);
    expect((error as DcsaError).errorClass).toBe('wrong_credentials');
    expect(await health()).toMatchObject({ lastErrorClass: 'wrong_credentials', lastSuccessAt: null });
  });

  it.each([
    ['120', 120_000],
    [null, 60_000],
  ])('defers on a 429 (Retry-After %s) without counting a failure of the carrier', async (header, wait) => {
    const { provider, health } = await connected();
    const started = Date.now();
    const error = await withOverride(
      (_req, res) => (res.writeHead(429, header ? { 'retry-after': header } : {}).end(), true),
      () => provider.track(query(containerNo()), new Date()).catch((err: unknown) => err),
    );
    expect(error).toBeInstanceOf(ProviderDeferredError);
    const retryIn = (error as ProviderDeferredError).retryAt.getTime() - started;
    expect(retryIn).toBeGreaterThanOrEqual(wait - 1000);
    expect(retryIn).toBeLessThan(wait + 5000);
    expect((await health()).lastErrorClass).toBe('rate_limited');
  });

  it('honours a Retry-After given as an HTTP date', async () => {
    const { provider } = await connected();
    const at = new Date(Date.now() + 10 * 60_000);
    at.setMilliseconds(0);
    const error = await withOverride(
      (_req, res) => (res.writeHead(429, { 'retry-after': at.toUTCString() }).end(), true),
      () => provider.track(query(containerNo()), new Date()).catch((err: unknown) => err),
    );
    expect((error as ProviderDeferredError).retryAt.getTime()).toBe(at.getTime());
  });

  it('says unreachable on a 5xx and on a timeout', async () => {
    const { provider, health } = await connected({ timeoutMs: 300 });
    const failed = await withOverride(
      (_req, res) => (res.writeHead(502).end(), true),
      () => provider.track(query(containerNo()), now).catch((err: unknown) => err),
    );
    expect(failed).toMatchObject({
      errorClass: 'unreachable',
      message: 'DCSA HLCU: the carrier answered HTTP 502',
    });
    const slow = await withOverride(
      () => true,
      () => provider.track(query(containerNo()), now).catch((err: unknown) => err),
    );
    expect(slow).toMatchObject({
      errorClass: 'unreachable',
      message: expect.stringContaining('within 300 ms'),
    });
    expect(await health()).toMatchObject({
      lastErrorClass: 'unreachable',
      lastErrorMessage: expect.stringContaining('300 ms'),
    });
  });

  it('refuses a 20 MB answer without reading it all', async () => {
    const { provider, health } = await connected({ timeoutMs: 10_000 });
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const error = await withOverride(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
        const pump = () => {
          while (written < 20 * 1024 * 1024) {
            written += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end(']');
        };
        pump();
        return true;
      },
      () => provider.track(query(containerNo()), now).catch((err: unknown) => err),
    );
    expect(error).toMatchObject({
      errorClass: 'not_dcsa',
      message: expect.stringContaining('larger than 5120 KiB'),
    });
    expect(written).toBeLessThan(20 * 1024 * 1024);
    expect((await health()).lastErrorClass).toBe('not_dcsa');
  });

  it('refuses a declared 20 MB answer before reading any of it', async () => {
    const { provider } = await connected();
    const error = await withOverride(
      (_req, res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(20 * 1024 * 1024),
        });
        res.write('[');
        return true;
      },
      () => provider.track(query(containerNo()), now).catch((err: unknown) => err),
    );
    expect(error).toMatchObject({ errorClass: 'not_dcsa', message: expect.stringContaining('larger than') });
  });

  it('refuses a payload that is not DCSA, naming the first problem', async () => {
    const { provider, health } = await connected();
    const error = await withOverride(
      (_req, res) => (
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"containers":[]}'),
        true
      ),
      () => provider.track(query(containerNo()), now).catch((err: unknown) => err),
    );
    expect(error).toMatchObject({ errorClass: 'not_dcsa', message: expect.stringContaining('page 1:') });
    expect(await health()).toMatchObject({
      lastErrorClass: 'not_dcsa',
      lastErrorMessage: expect.stringContaining('page 1:'),
    });
  });

  it('accepts DCSA 2.2.4 extras, an event repeated across pages and events in any order', async () => {
    const { provider } = await connected();
    const box = containerNo('HLXU');
    const gateOut = equipmentEvent(box, { eventDateTime: '2026-09-01T10:00:00+08:00' });
    const gateIn = equipmentEvent(box, {
      equipmentEventTypeCode: 'GTIN',
      eventDateTime: '2026-09-03T10:00:00+08:00',
      // Fields later 2.2 patches (and carriers) add: not read, not refused.
      references: [{ referenceType: 'FF', referenceValue: 'REF-1' }],
      seals: [{ sealNumber: 'S1', sealSource: 'CAR', sealType: 'BLT' }],
      ISOEquipmentCode: '45G1',
      eventLocation: {
        locationName: 'Yangshan',
        UNLocationCode: 'CNSHA',
        facilityCode: 'SGH',
        facilityCodeListProvider: 'SMDG',
      },
    });
    const load = equipmentEvent(box, {
      equipmentEventTypeCode: 'LOAD',
      eventDateTime: '2026-09-04T10:00:00+08:00',
    });
    const answer = await withOverride(
      (_req, res, url) => {
        // Newest first, and the page boundary shifted: gateIn comes twice.
        const second = url.searchParams.get('cursor') === '2';
        res
          .writeHead(200, { 'content-type': 'application/json', ...(second ? {} : { 'next-page': '2' }) })
          .end(JSON.stringify(second ? [gateIn, gateOut] : [load, gateIn]));
        return true;
      },
      () => provider.track(query(box), now),
    );
    if (answer.status !== 'found') throw new Error('expected found');
    expect(answer.events.map((e) => e.eventId)).toEqual([load.eventID, gateIn.eventID, gateOut.eventID]);
  });

  it('refuses a page naming one event id twice (a DCSA conformance error), storing nothing', async () => {
    const { provider, health } = await connected();
    const box = containerNo('HLXU');
    const gateOut = equipmentEvent(box);
    carrier.events.set(box, [gateOut, equipmentEvent(box), gateOut]);
    const error = await provider.track(query(box), now).catch((err: unknown) => err);
    expect(error).toMatchObject({
      errorClass: 'not_dcsa',
      message: expect.stringContaining('duplicate eventID'),
    });
    expect((await health()).lastErrorClass).toBe('not_dcsa');
  });

  it('never asks the carrier when the budget is spent, and defers to when the window opens', async () => {
    const { provider } = await connected({ perMinute: 2 });
    const box = containerNo('HLXU');
    await provider.track(query(box), now);
    await provider.track(query(box), now);
    const requests = carrier.requests.length;
    const error = await provider.track(query(box), now).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(BudgetSpentError);
    expect(error).toBeInstanceOf(ProviderDeferredError);
    const retryAt = (error as ProviderDeferredError).retryAt;
    expect(retryAt.getUTCSeconds()).toBe(0);
    expect(retryAt.getTime()).toBeGreaterThan(Date.now());
    expect(retryAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(carrier.requests.length).toBe(requests);
  });
});

describe('a connection budget', () => {
  it('lets exactly perMinute of many concurrent calls through, across processes', async () => {
    const id = randomUUID();
    // Within one minute: calls on both sides of a minute's turn are two windows, 7 each.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const other = createDatabase(database.url, 5);
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) =>
          spendCall(i % 2 ? ctx.pool : other.pool, { connectionId: id, perMinute: 7, perDay: 1000 }, 'x'),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
      for (const refused of results.filter((r) => r.status === 'rejected'))
        expect(refused.reason).toBeInstanceOf(BudgetSpentError);
      expect((await callsCounted(ctx.db, [id])).get(id)).toEqual({ minute: 7, day: 7 });
    } finally {
      await other.pool.end();
    }
  });

  it('counts a call begun just before the minute turned in the new minute, never moving it back', async () => {
    const id = randomUUID();
    // The row already counts the next minute (another call's transaction began after it turned).
    await ctx.pool.query(
      `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, date_trunc('minute', now()) + interval '1 minute', 3)`,
      [`carrier:${id}:minute`],
    );
    await spendCall(ctx.pool, { connectionId: id, perMinute: 7, perDay: 1000 }, 'x');
    const { rows } = await ctx.pool.query<{ ahead: boolean; count: number }>(
      `SELECT window_start > date_trunc('minute', now()) AS ahead, count FROM rate_limits WHERE key = $1`,
      [`carrier:${id}:minute`],
    );
    expect(rows[0]).toEqual({ ahead: true, count: 4 });
  });

  it('takes nothing from the minute for a call the day refuses, and opens at midnight UTC', async () => {
    const id = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        spendCall(ctx.pool, { connectionId: id, perMinute: 100, perDay: 3 }, 'x'),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await callsCounted(ctx.db, [id])).get(id)).toEqual({ minute: 3, day: 3 });
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    const opens = (refused.reason as BudgetSpentError).retryAt;
    expect(opens.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect((refused.reason as Error).message).toContain('budget of 3 calls a day is spent');
  });
});

describe('secrets at start-up', () => {
  it('re-encrypt under the new key what the previous key sealed, and refuse to start without a key', async () => {
    const team = await buildTeam(app, ctx);
    const oldKey = ctx.config.secretsKeys!.current;
    const newKey = randomBytes(32);
    const [row] = await ctx.db
      .select()
      .from(carrierConnections)
      .where(eq(carrierConnections.organizationId, team.organizationId));
    expect(row).toBeUndefined();
    const id = randomUUID();
    const sealed = createSecretBox({ current: oldKey, previous: null }).seal(
      '{"headers":{"K":"v-123456789"}}',
      id,
    );
    await ctx.db.insert(carrierConnections).values({
      id,
      organizationId: team.organizationId,
      carrier: 'ZIMU',
      kind: 'dcsa-tnt-2.2',
      baseUrl: carrier.eventsUrl,
      auth: { type: 'headers', headerNames: ['K'] },
      secrets: sealed,
      enabled: false,
    });
    const logger = { info: () => undefined };

    await expect(prepareConnectionSecrets(database, { secretsKeys: null }, logger)).rejects.toThrow(
      SecretsKeyError,
    );
    await expect(
      prepareConnectionSecrets(database, { secretsKeys: { current: newKey, previous: null } }, logger),
    ).rejects.toThrow(/SECRETS_KEY_PREVIOUS/);

    const rotated = await prepareConnectionSecrets(
      database,
      { secretsKeys: { current: newKey, previous: oldKey } },
      logger,
    );
    expect(rotated).toBeGreaterThanOrEqual(1);
    const [after] = await ctx.db.select().from(carrierConnections).where(eq(carrierConnections.id, id));
    const box = createSecretBox({ current: newKey, previous: null });
    expect(box.keyIdOf(after!.secrets!)).toBe(keyId(newKey));
    expect(box.open(after!.secrets!, id)).toBe('{"headers":{"K":"v-123456789"}}');
    // Run again (another process): nothing left to do.
    expect(
      await prepareConnectionSecrets(
        database,
        { secretsKeys: { current: newKey, previous: oldKey } },
        logger,
      ),
    ).toBe(0);
    await ctx.db.delete(carrierConnections).where(eq(carrierConnections.id, id));
  });
});
