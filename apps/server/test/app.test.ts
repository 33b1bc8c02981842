import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessions } from '../src/db/schema/sessions';
import { users } from '../src/db/schema/users';
import { newToken, hashToken } from '../src/lib/tokens';
import { buildApp } from '../src/app';
import { useTestApp } from './app';
import { createTestContext } from './context';

const { app, ctx } = await useTestApp();
const { db } = ctx;

async function createSession(expiresInMs: number, enabled = true) {
  const [user] = await db
    .insert(users)
    .values({
      email: `${randomUUID()}@example.com`,
      passwordHash: 'x',
      firstName: 'Ada',
      lastName: 'Lovelace',
      enabled,
    })
    .returning();
  const token = newToken();
  await db
    .insert(sessions)
    .values({ userId: user!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + expiresInMs) });
  return { user: user!, cookie: `tl_session=${token}` };
}

describe('GET /api/health', () => {
  it('answers the envelope after checking the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, code: 'OK', result: { status: 'ok', database: 'ok' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers 503, not 500, when the database is gone', async () => {
    const { createDatabase } = await import('../src/db/client');
    const broken = createDatabase('postgres://nobody@127.0.0.1:1/none', 1);
    const lonely = await buildApp(await createTestContext(broken));
    const res = await lonely.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      result: null,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is not reachable.',
    });
    await lonely.close();
    await broken.pool.end();
  });
});

describe('GET /api/auth/protected', () => {
  it('is 401 without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/protected' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED', result: null });
  });

  it('is 401 with a forged token', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/protected',
      headers: { cookie: `tl_session=${newToken()}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers the user of a live session, without the password hash', async () => {
    const { user, cookie } = await createSession(60_000);
    const res = await app.inject({ method: 'GET', url: '/api/auth/protected', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'authenticated',
      user: { id: user.id, email: user.email },
    });
    expect(JSON.stringify(body)).not.toContain('passwordHash');
  });

  it('is 401 for an expired session and for a disabled user', async () => {
    const expired = await createSession(-1000);
    const disabled = await createSession(60_000, false);
    for (const { cookie } of [expired, disabled]) {
      const res = await app.inject({ method: 'GET', url: '/api/auth/protected', headers: { cookie } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('bad input never becomes a 5xx', () => {
  it('answers unknown routes with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/auth/nope'],
      ['DELETE', '/api/health'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', result: null });
    }
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/protected',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('validation and internal errors', async () => {
  const probe = await buildApp(ctx);
  probe.post(
    '/api/test/echo',
    {
      config: { access: 'public' },
      schema: { body: z.strictObject({ email: z.email(), count: z.number().int().min(1) }) },
    },
    async (req) => ({ success: true, result: req.body, message: 'OK', code: 'OK' }),
  );
  probe.get('/api/test/boom', { config: { access: 'public' } }, async () => {
    throw new Error('connection string postgres://secret@db');
  });
  // What pg and its pool throw when the database cannot take a request, as drizzle wraps a query's.
  const unavailable = [
    Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
    new Error('timeout exceeded when trying to connect'),
    new Error('Failed query: select 1', {
      cause: Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    }),
  ];
  probe.get<{ Params: { n: string } }>(
    '/api/test/unavailable/:n',
    { config: { access: 'public' } },
    async (req) => {
      throw unavailable[Number(req.params.n)]!;
    },
  );

  it('answers the first failing rule with 400', async () => {
    const missing = await probe.inject({ method: 'POST', url: '/api/test/echo', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      result: null,
      code: 'VALIDATION',
      message: 'Email is required',
    });

    const wrongType = await probe.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'a@b.co', count: 'two' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Count must be a number');

    const unknown = await probe.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'a@b.co', count: 2, admin: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown field: admin');

    const fine = await probe.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'a@b.co', count: 2 },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('answers a non-object JSON body with 400', async () => {
    const res = await probe.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(res.statusCode).toBe(400);
  });

  it('never shows internals in a 500', async () => {
    const res = await probe.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      result: null,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toContain('secret');
  });

  it('answers 503 with Retry-After when the database cannot take the request', async () => {
    for (const n of [0, 1, 2]) {
      const res = await probe.inject({ method: 'GET', url: `/api/test/unavailable/${String(n)}` });
      expect(res.statusCode, String(n)).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    }
  });
});

describe('Cache-Control', () => {
  it('is no-store on every API answer: public, personal, failed and unknown', async () => {
    const { cookie } = await createSession(60_000);
    for (const [url, headers, status] of [
      ['/api/health', {}, 200],
      ['/api/auth/public-key', {}, 200],
      ['/api/auth/protected', { cookie }, 200],
      ['/api/auth/protected', {}, 401],
      ['/api/nope', {}, 404],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('GET /api/openapi.json', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  const doc = res.json();

  it('documents the routes from their zod schemas', () => {
    expect(res.statusCode).toBe(200);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/auth/protected']).toBeDefined();
  });

  it.each([
    ['/api/users/avatar', [], ['file']],
    ['/api/workspaces/update', ['workspaceId', 'workspaceName', 'hasImage'], []],
    ['/api/workspaces/uploadImage', ['workspaceId', 'userId'], ['file']],
    ['/api/organization/update', ['organizationName', 'hasImage'], []],
  ])('documents the multipart form of %s', (url, fields, required) => {
    const form = doc.paths[url].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(form.properties).sort()).toEqual([...fields, 'file'].sort());
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.required ?? []).toEqual(expect.arrayContaining(required));
    if (!required.includes('file')) expect(form.required ?? []).not.toContain('file');
  });

  it('documents the list routes whose answers a compiled serializer writes', () => {
    const ok = (path: string) =>
      doc.paths[path].get.responses['200'].content['application/json'].schema.properties.result;
    const ocean = ok('/api/shipments/ocean');
    expect(ocean.required).toEqual(['items', 'nextCursor', 'activeCount', 'archivedCount', 'billsPending']);
    expect(ocean.properties.items.items.properties.pol).toBeDefined();
    const express = ok('/api/shipments/express');
    expect(express.properties.expressTrackingDocumentList.items.properties.status).toBeDefined();
  });

  it('documents the WebSocket route as the GET that upgrades', () => {
    const ws = doc.paths['/api/ws/workspaceInvitations'].get;
    expect(ws.responses['101'].description).toMatch(/WebSocket/);
    expect(ws.parameters).toEqual([expect.objectContaining({ in: 'query', name: 'userId', required: true })]);
    expect(ws.description).toContain('workspaceInvitations.changed');
  });
});
