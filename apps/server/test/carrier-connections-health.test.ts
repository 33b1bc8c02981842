import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { carrierConnections } from '../src/db/schema/carrier-connections';
import { mailOutbox } from '../src/db/schema/mail';
import { createOrganizationConnections } from '../src/integrations/tracking/connections/organization-connections';
import { buildTeam, containerNo, mbl, refreshTracked, type Team } from './factories';
import { equipmentEvent } from './fake-carrier';
import { useCarrierConnectionsApp } from './support/carrier-connections';

const { app, ctx, carrier, call, headersConnection, oauthConnection, create } =
  await useCarrierConnectionsApp();

describe('carrier connection routes', () => {
  it('answer a test in words: wrong credentials, not allowed, rate limited, unreachable, not DCSA', async () => {
    const team = await buildTeam(app, ctx);
    const created = await create(team, headersConnection({ perMinute: 100 }));
    const test = async () =>
      (
        await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {
          reference: 'MAEU123456789',
        })
      ).json().result;
    try {
      carrier.override = (_req, res) => (res.writeHead(403).end(), true);
      expect(await test()).toMatchObject({
        outcome: 'not_allowed',
        message: expect.stringContaining('HTTP 403'),
      });
      carrier.override = (_req, res) => (res.writeHead(503).end(), true);
      expect(await test()).toMatchObject({
        outcome: 'unreachable',
        message: 'the carrier answered HTTP 503',
      });
      carrier.override = (_req, res) => (
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ eventID: 'x' }])),
        true
      );
      const notDcsa = await test();
      expect(notDcsa.outcome).toBe('not_dcsa');
      expect(notDcsa.message).toMatch(/not valid DCSA Track & Trace 2\.2 \(page 1: \[0\]\./);
      carrier.override = (_req, res) => (res.writeHead(429, { 'retry-after': '30' }).end(), true);
      expect(await test()).toMatchObject({
        outcome: 'rate_limited',
        message: expect.stringContaining('HTTP 429'),
      });
      // Its Retry-After holds every call of the connection: the next test is not sent.
      const sent = carrier.requests.length;
      expect(await test()).toMatchObject({
        outcome: 'rate_limited',
        message: expect.stringContaining('asked us to wait (HTTP 429) until'),
      });
      expect(carrier.requests.length).toBe(sent);
    } finally {
      carrier.override = null;
    }
    // The bill of lading went as transportDocumentReference, alone.
    const last = carrier.requests.at(-1)!.url.searchParams;
    expect([last.get('transportDocumentReference'), last.get('equipmentReference')]).toEqual([
      'MAEU123456789',
      null,
    ]);

    const unreachable = await create(
      team,
      headersConnection({ carrier: 'CMDU', baseUrl: 'http://127.0.0.1:1/v2/events' }),
    );
    const res = await call(team.owner.cookie, 'POST', `/api/carrier-connections/${unreachable.id}/test`, {});
    expect(res.json().result).toMatchObject({
      outcome: 'unreachable',
      message: expect.stringContaining('could not be reached'),
    });

    // Health shows the last failure, its class and time.
    const listed = (await call(team.owner.cookie, 'GET', '/api/carrier-connections')).json().result as {
      carrier: string;
      health: { lastErrorClass: string; lastErrorAt: string; failingSince: string };
    }[];
    expect(listed.find((c) => c.carrier === 'MAEU')!.health).toMatchObject({
      lastErrorClass: 'rate_limited',
      lastErrorAt: expect.any(String),
      failingSince: expect.any(String),
    });
  });

  it('rate-limits tests by the connection’s own budget', async () => {
    const team = await buildTeam(app, ctx);
    const created = await create(team, headersConnection({ perMinute: 2, perDay: 100 }));
    const outcomes = [];
    for (let i = 0; i < 3; i++)
      outcomes.push(
        (await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {})).json()
          .result,
      );
    expect(outcomes.map((o: { outcome: string }) => o.outcome)).toEqual(['works', 'works', 'rate_limited']);
    expect(outcomes[2].message).toMatch(/budget of 2 calls a minute is spent until/);
  });

  it('shows the next scheduled call once the organization follows a container of the carrier', async () => {
    const team = await buildTeam(app, ctx);
    const created = await create(team, headersConnection({ carrier: 'MSCU' }));
    expect(created).toMatchObject({ health: { nextCallAt: null } });
    const added = await call(team.owner.cookie, 'POST', '/api/shipments/ocean', {
      items: [{ containerNo: containerNo(), mblNo: 'MEDU7001234' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const [listed] = (await call(team.owner.cookie, 'GET', '/api/carrier-connections')).json().result;
    expect(listed.health.nextCallAt).toEqual(expect.any(String));
  });

  it('e-mail the company admins once when a connection has failed for a day', async () => {
    const team = await buildTeam(app, ctx);
    const created = await create(team, headersConnection({ perMinute: 100 }));
    await ctx.db
      .update(carrierConnections)
      .set({ failingSince: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(carrierConnections.id, created.id));
    const mails = async () =>
      (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, team.owner.email))).filter((m) =>
        m.subject.startsWith('Carrier connection failing'),
      );
    carrier.override = (_req, res) => (res.writeHead(500).end(), true);
    try {
      await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {});
      await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {});
    } finally {
      carrier.override = null;
    }
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('MAEU (Maersk main account)');
    expect(sent[0]!.text).toContain('the carrier answered HTTP 500');
    expect(sent[0]!.text).not.toContain(carrier.apiKey);
    // A success ends the spell.
    await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {});
    const [row] = await ctx.db.select().from(carrierConnections).where(eq(carrierConnections.id, created.id));
    expect(row).toMatchObject({ failingSince: null, failureMailedAt: null });
  });

  it('never write a secret to the logs, whatever happens on the call', async () => {
    const team = await buildTeam(app, ctx);
    const lines: string[] = [];
    const logger = pino(
      { level: 'trace' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const connections = createOrganizationConnections({ ...ctx, logger, fetch: undefined });
    const created = await create(team, oauthConnection({ perMinute: 100 }));
    const [row] = await ctx.db.select().from(carrierConnections).where(eq(carrierConnections.id, created.id));
    const box = containerNo('HLXU');
    carrier.events.set(box, [equipmentEvent(box)]);
    expect((await connections.test(row!, box)).outcome).toBe('works');
    try {
      carrier.override = (_req, res) => (
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(`[{"eventID":"${carrier.clientSecret}"}]`),
        true
      );
      expect((await connections.test(row!, box)).outcome).toBe('not_dcsa');
      carrier.override = (_req, res) => (res.writeHead(401).end(), true);
      expect((await connections.test(row!, box)).outcome).toBe('wrong_credentials');
    } finally {
      carrier.override = null;
    }
    const provider = await connections.oceanProvider(team.organizationId, 'HLCU');
    await provider!.track(
      { containerNo: box, mblNo: '', carrierScac: 'HLCU', trackingStartedAt: new Date() },
      new Date(),
    );
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.join('\n');
    for (const secret of [carrier.clientSecret, carrier.clientId, ...carrier.validTokens])
      expect(logged).not.toContain(secret);
  });
});

describe('a connection added in the app', () => {
  it("starts tracking the organization's containers of its carrier with its own data, for nobody else", async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const box = containerNo();
    const bill = mbl();
    for (const team of [mine, theirs]) {
      const added = await call(team.owner.cookie, 'POST', '/api/shipments/ocean', {
        items: [{ containerNo: box, mblNo: bill }],
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const detail = async (team: Team) =>
      (await call(team.owner.cookie, 'GET', `/api/shipments/ocean/${box}/${bill}`)).json<{
        result: { state: string; events: unknown[] };
      }>().result;
    // MEDU bills are MSC's: neither organization has a source for it yet.
    expect(await detail(mine)).toMatchObject({ state: 'no_source', events: [] });

    carrier.events.set(box, [equipmentEvent(box)]);
    await create(mine, headersConnection({ carrier: 'MSCU', label: 'MSC' }));
    await refreshTracked(ctx, [box]);

    expect((await detail(mine)).events).toHaveLength(1);
    expect(carrier.requests.some((r) => r.url.searchParams.get('equipmentReference') === box)).toBe(true);
    // Asked with the first organization's key: the second one's shipment stays without a source.
    expect(await detail(theirs)).toMatchObject({ state: 'no_source', events: [] });
  });
});
