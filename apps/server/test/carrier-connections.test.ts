import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { carrierConnections } from '../src/db/schema/carrier-connections';
import { mailOutbox } from '../src/db/schema/mail';
import { createOrganizationConnections } from '../src/integrations/tracking/connections/organization-connections';
import type { RealtimeEvent } from '../src/integrations/realtime/realtime-hub';
import { AppError } from '../src/lib/app-error';
import {
  createConnection,
  deleteConnection,
  updateConnection,
} from '../src/modules/carrier-connections/carrier-connections.service';
import { useTestApp } from './app';
import { addMember, buildTeam, containerNo, mbl, refreshTracked, type Team } from './factories';
import { equipmentEvent, startFakeCarrier } from './fake-carrier';

const { app, ctx } = await useTestApp();
const carrier = await startFakeCarrier();

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const headersConnection = (overrides: object = {}) => ({
  carrier: 'MAEU',
  baseUrl: carrier.eventsUrl,
  auth: { type: 'headers', headers: { 'Consumer-Key': carrier.apiKey } },
  label: 'Maersk main account',
  ...overrides,
});
const oauthConnection = (overrides: object = {}) => ({
  carrier: 'HLCU',
  baseUrl: carrier.eventsUrl,
  auth: {
    type: 'oauth2-client-credentials',
    tokenUrl: carrier.tokenUrl,
    clientId: carrier.clientId,
    clientSecret: carrier.clientSecret,
  },
  ...overrides,
});

async function create(team: Team, body: object) {
  const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { id: string; auth: Record<string, unknown> } }>().result;
}

describe('carrier connection routes', () => {
  it('let a company admin add a static-key connection whose secret never comes back', async () => {
    const team = await buildTeam(app, ctx);
    const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', headersConnection());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(carrier.apiKey);
    const created = res.json().result;
    expect(created).toMatchObject({
      carrier: 'MAEU',
      kind: 'dcsa-tnt-2.2',
      baseUrl: carrier.eventsUrl,
      label: 'Maersk main account',
      enabled: true,
      perMinute: 10,
      perDay: 100,
      auth: { type: 'headers', headers: [{ name: 'Consumer-Key', last4: carrier.apiKey.slice(-4) }] },
      health: { lastSuccessAt: null, lastErrorAt: null, callsToday: 0, nextCallAt: null },
    });

    const list = await call(team.owner.cookie, 'GET', '/api/carrier-connections');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(carrier.apiKey);
    expect(list.json().result.map((c: { id: string }) => c.id)).toEqual([created.id]);

    // At rest: sealed, neither the key nor any of its readable parts in the row.
    const [row] = await ctx.db.select().from(carrierConnections).where(eq(carrierConnections.id, created.id));
    expect(row!.secrets).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(carrier.apiKey);
  });

  it('let an admin add an OAuth2 connection, test it and see it work', async () => {
    const team = await buildTeam(app, ctx);
    const created = await create(team, oauthConnection());
    expect(created.auth).toEqual({
      type: 'oauth2-client-credentials',
      tokenUrl: carrier.tokenUrl,
      scope: null,
      clientIdLast4: carrier.clientId.slice(-4),
      clientSecretLast4: carrier.clientSecret.slice(-4),
    });
    const box = containerNo('HLXU');
    carrier.events.set(box, [equipmentEvent(box), equipmentEvent(box, { equipmentEventTypeCode: 'GTIN' })]);
    const test = await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {
      reference: box,
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().result).toEqual({
      outcome: 'works',
      message: `The carrier answered with 2 events for ${box}.`,
      events: 2,
    });
    // Without a reference: a harmless call for a container nobody has.
    const probe = await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {});
    expect(probe.json().result).toMatchObject({ outcome: 'works', events: 0 });

    const [listed] = (await call(team.owner.cookie, 'GET', '/api/carrier-connections')).json().result;
    expect(listed.health.lastSuccessAt).not.toBeNull();
    expect(listed.health.callsToday).toBe(2);
    expect(listed.health.callsThisMinute).toBe(2);
  });

  it('refuse other roles (403) and other organizations (404)', async () => {
    const team = await buildTeam(app, ctx);
    const created = await create(team, headersConnection());
    const member = await addMember(app, ctx, team, { role: 'general_user', shipmentPermission: 0 });
    for (const [method, url, body] of [
      ['GET', '/api/carrier-connections', undefined],
      ['POST', '/api/carrier-connections', headersConnection({ carrier: 'CMDU' })],
      ['PATCH', `/api/carrier-connections/${created.id}`, { label: 'mine' }],
      ['DELETE', `/api/carrier-connections/${created.id}`, undefined],
      ['POST', `/api/carrier-connections/${created.id}/test`, {}],
    ] as const) {
      const res = await call(member.cookie, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'FORBIDDEN',
        message: 'Only company admins can do this.',
      });
    }

    const other = await buildTeam(app, ctx);
    for (const [method, url, body] of [
      ['PATCH', `/api/carrier-connections/${created.id}`, { label: 'theirs' }],
      ['DELETE', `/api/carrier-connections/${created.id}`, undefined],
      ['POST', `/api/carrier-connections/${created.id}/test`, {}],
    ] as const) {
      const res = await call(other.owner.cookie, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('This carrier connection does not exist in this organization.');
    }
    expect((await call(other.owner.cookie, 'GET', '/api/carrier-connections')).json().result).toEqual([]);
    // Still there, unchanged, for its own organization.
    const [mine] = (await call(team.owner.cookie, 'GET', '/api/carrier-connections')).json().result;
    expect(mine).toMatchObject({ id: created.id, label: 'Maersk main account' });
  });

  it.each([
    [{ carrier: 'MAERSK' }, 'carrier', 'SCAC'],
    [{ baseUrl: 'http://carrier.example/v2/events' }, 'baseUrl', 'https'],
    [{ baseUrl: 'not a url' }, 'baseUrl', 'https'],
    [{ auth: { type: 'headers', headers: {} } }, 'auth', 'at least one header'],
    [{ auth: { type: 'headers', headers: { 'Bad Header': 'x' } } }, 'auth', 'header name'],
    [{ auth: { type: 'headers', headers: { 'Consumer-Key': 'a\r\nX-Evil: 1' } } }, 'auth', 'one line'],
    [{ auth: { type: 'password', user: 'x' } }, 'auth', 'auth.type'],
    [
      { auth: { type: 'oauth2-client-credentials', tokenUrl: 'https://a.example/t', clientId: 'x' } },
      'auth',
      'client secret',
    ],
    [{ perMinute: 0 }, 'perMinute', 'at least 1'],
    [{ perDay: 2.5 }, 'perDay', 'whole number'],
    [{ kind: 'sftp' }, 'kind', 'dcsa-tnt-2.2'],
  ])('refuse bad input %j with a clear 400', async (change, _field, words) => {
    const team = await buildTeam(app, ctx);
    const res = await call(team.owner.cookie, 'POST', '/api/carrier-connections', headersConnection(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain(words);
  });

  it('give one of two concurrent creations for the same carrier a 409, never a 5xx', async () => {
    const team = await buildTeam(app, ctx);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(team.owner.cookie, 'POST', '/api/carrier-connections', headersConnection()),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: expect.stringContaining('already has an enabled connection for MAEU'),
    });
    // A disabled second one is fine; enabling it while the first is on is the same 409.
    const second = await create(team, headersConnection({ enabled: false, label: 'spare' }));
    const enable = await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${second.id}`, {
      enabled: true,
    });
    expect(enable.statusCode).toBe(409);
  });

  it('keep a secret a PATCH leaves out, and replace one it gives', async () => {
    const team = await buildTeam(app, ctx);
    const created = await create(team, headersConnection());
    const kept = await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${created.id}`, {
      label: 'renamed',
      auth: { type: 'headers', headers: { 'Consumer-Key': null } },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().result).toMatchObject({
      label: 'renamed',
      auth: { headers: [{ name: 'Consumer-Key', last4: carrier.apiKey.slice(-4) }] },
    });
    const works = await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {});
    expect(works.json().result.outcome).toBe('works');

    const replaced = await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${created.id}`, {
      auth: { type: 'headers', headers: { 'Consumer-Key': 'a-wrong-key-0000' } },
    });
    expect(replaced.json().result.auth.headers[0].last4).toBe('0000');
    const refused = await call(team.owner.cookie, 'POST', `/api/carrier-connections/${created.id}/test`, {});
    expect(refused.json().result).toMatchObject({
      outcome: 'wrong_credentials',
      message: expect.stringContaining('credentials were refused (HTTP 401)'),
    });

    // A header that was never stored needs its value.
    const missing = await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${created.id}`, {
      auth: { type: 'headers', headers: { 'X-Other': null } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter the value of the header X-Other.');
    // Switching to OAuth2 needs both of its secrets.
    const switched = await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${created.id}`, {
      auth: { type: 'oauth2-client-credentials', tokenUrl: carrier.tokenUrl, clientId: carrier.clientId },
    });
    expect(switched.statusCode).toBe(400);
    expect(switched.json().message).toBe('Enter the client secret.');
  });

  it('disable, enable and delete a connection', async () => {
    const team = await buildTeam(app, ctx);
    const created = await create(team, headersConnection());
    const off = await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${created.id}`, {
      enabled: false,
    });
    expect(off.json().result.enabled).toBe(false);
    expect(await ctx.carrierConnections.oceanProvider(team.organizationId, 'MAEU')).toBeNull();
    const on = await call(team.owner.cookie, 'PATCH', `/api/carrier-connections/${created.id}`, {
      enabled: true,
    });
    expect(on.json().result.enabled).toBe(true);
    expect(await ctx.carrierConnections.oceanProvider(team.organizationId, 'maeu')).not.toBeNull();
    const gone = await call(team.owner.cookie, 'DELETE', `/api/carrier-connections/${created.id}`);
    expect(gone.statusCode).toBe(200);
    expect(
      (await call(team.owner.cookie, 'DELETE', `/api/carrier-connections/${created.id}`)).statusCode,
    ).toBe(404);
    expect((await call(team.owner.cookie, 'GET', '/api/carrier-connections')).json().result).toEqual([]);
  });

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

  it('refuse to create a connection on an installation without SECRETS_KEY, clearly', async () => {
    const team = await buildTeam(app, ctx);
    const keyless = {
      ...ctx,
      carrierConnections: createOrganizationConnections({
        ...ctx,
        config: { ...ctx.config, secretsKeys: null },
      }),
    };
    const attempt = createConnection(keyless, team.organizationId, team.owner.userId, {
      carrier: 'MAEU',
      kind: 'dcsa-tnt-2.2',
      baseUrl: carrier.eventsUrl,
      auth: { type: 'headers', headers: { 'Consumer-Key': carrier.apiKey } },
      enabled: true,
      perMinute: 10,
      perDay: 100,
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('SECRETS_KEY'),
    });
  });

  it('refuse http and this machine where the installation does not allow local carriers', async () => {
    const team = await buildTeam(app, ctx);
    const strict = { ...ctx, config: { ...ctx.config, carrierAllowLocal: false } };
    const input = {
      carrier: 'MAEU',
      kind: 'dcsa-tnt-2.2' as const,
      baseUrl: carrier.eventsUrl,
      auth: { type: 'none' as const },
      enabled: true,
      perMinute: 10,
      perDay: 100,
    };
    await expect(
      createConnection(strict, team.organizationId, team.owner.userId, input),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('https'),
    });
    await expect(
      createConnection(strict, team.organizationId, team.owner.userId, {
        ...input,
        baseUrl: 'https://10.1.2.3/v2/events',
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('private') });
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

  it('are described in the OpenAPI document, with summaries', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    }>();
    const routes = [
      ['/api/carrier-connections', 'get'],
      ['/api/carrier-connections', 'post'],
      ['/api/carrier-connections/{connectionId}', 'patch'],
      ['/api/carrier-connections/{connectionId}', 'delete'],
      ['/api/carrier-connections/{connectionId}/test', 'post'],
    ] as const;
    for (const [path, method] of routes) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(operation?.tags).toEqual(['carrier connections']);
    }
  });

  it('tell the engine and the admins’ open pages about every change', async () => {
    const team = await buildTeam(app, ctx);
    const changed = vi.fn();
    const told = {
      ...ctx,
      carrierConnections: createOrganizationConnections({ ...ctx, onChanged: changed }),
    };
    const heard: RealtimeEvent[] = [];
    const stop = ctx.realtime.subscribe({ event: (e) => heard.push(e), reset: () => undefined });
    try {
      const created = await createConnection(told, team.organizationId, team.owner.userId, {
        carrier: 'MAEU',
        kind: 'dcsa-tnt-2.2',
        baseUrl: carrier.eventsUrl,
        auth: { type: 'none' },
        enabled: true,
        perMinute: 10,
        perDay: 100,
      });
      await updateConnection(told, team.organizationId, created.id, { enabled: false });
      await deleteConnection(told, team.organizationId, created.id);
      expect(changed.mock.calls).toEqual([
        [team.organizationId, 'MAEU'],
        [team.organizationId, 'MAEU'],
        [team.organizationId, 'MAEU'],
      ]);
      await vi.waitFor(() =>
        expect(heard.filter((e) => e.topic === 'carrierConnections')).toEqual(
          Array.from({ length: 3 }, () => ({ topic: 'carrierConnections', userIds: [team.owner.userId] })),
        ),
      );
    } finally {
      stop();
    }
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

describe('the connections cap', () => {
  it('holds under 20 concurrent creations: an organization never gets more than 50', async () => {
    const team = await buildTeam(app, ctx);
    for (let i = 0; i < 48; i++)
      await create(team, headersConnection({ enabled: false, label: `spare ${String(i)}` }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          team.owner.cookie,
          'POST',
          '/api/carrier-connections',
          headersConnection({ enabled: false, label: `race ${String(i)}` }),
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBeLessThan(500);
      expect(refused.json().message).toBe(
        'An organization can have at most 50 carrier connections. Delete one first.',
      );
    }
    const list = await call(team.owner.cookie, 'GET', '/api/carrier-connections');
    expect(list.json().result).toHaveLength(50);
  });
});
