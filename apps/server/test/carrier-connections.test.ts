import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { carrierConnections } from '../src/db/schema/carrier-connections';
import { createOrganizationConnections } from '../src/integrations/tracking/connections/organization-connections';
import type { RealtimeEvent } from '../src/integrations/realtime/realtime-hub';
import { AppError } from '../src/lib/app-error';
import {
  createConnection,
  deleteConnection,
  updateConnection,
} from '../src/modules/ocean-shipments/carrier-connections/carrier-connections.service';
import { addMember, buildTeam, containerNo } from './factories';
import { equipmentEvent } from './fake-carrier';
import { useCarrierConnectionsApp } from './support/carrier-connections';

const { app, ctx, carrier, call, headersConnection, oauthConnection, create } =
  await useCarrierConnectionsApp();

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
