import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import { useTestApp } from './app';
import { buildTeam } from './factories';

const { app, ctx } = await useTestApp();
const team = await buildTeam(app, ctx);
const cookie = team.owner.cookie;

const NOT_ALLOWED = {
  success: false,
  result: null,
  code: 'VALIDATION',
  message: 'Text contains characters that are not allowed.',
};

describe('text PostgreSQL cannot store is refused on every route with a 400', () => {
  it('in a JSON body: NUL and lone surrogates, and nothing is saved', async () => {
    for (const firstName of ['a\u0000b', 'a\uD800b', 'a\uDC00b', '\uD83D']) {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/users/profile',
        headers: { cookie },
        payload: { firstName, lastName: 'Hopper', timeZone: 'Europe/Amsterdam' },
      });
      expect(res.statusCode, JSON.stringify(firstName)).toBe(400);
      expect(res.json()).toEqual(NOT_ALLOWED);
    }
    const [me] = await ctx.db.select().from(users).where(eq(users.id, team.owner.userId));
    expect(me!.firstName).toBe('Grace');
  });

  it('accepts a properly paired surrogate (an emoji)', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie },
      payload: { firstName: 'Grace 🚢', lastName: 'Hopper', timeZone: 'Europe/Amsterdam' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.firstName).toBe('Grace 🚢');
  });

  it('deep inside a JSON body (a jsonb preference)', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/users/preferences/oceanTableColumns',
      headers: { cookie },
      payload: { hidden: ['\u0000'], order: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(NOT_ALLOWED);
  });

  it('in path parameters and the query string', async () => {
    for (const url of ['/api/shipments/ocean/%00/x', '/api/shipments/ocean?search=a%00b']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual(NOT_ALLOWED);
    }
  });

  it('in the text fields of a multipart form', async () => {
    const boundary = 'tracklane-fields';
    const res = await app.inject({
      method: 'POST',
      url: '/api/organization/update',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="organizationName"\r\n\r\nAcme\u0000 Ltd\r\n` +
        `--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(NOT_ALLOWED);
  });
});

describe('a multipart form the parser cannot read is a 400 on every form route', () => {
  const part = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
    'Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n';
  const MALFORMED: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', `${part('b')}\r\n--b--\r\n`],
    ['a wrong boundary', 'multipart/form-data; boundary=other', `${part('b')}\r\n--b--\r\n`],
    ['a body cut off in the file', 'multipart/form-data; boundary=b', part('b')],
    ['garbage', 'multipart/form-data; boundary=b', '\u0001\u0002 not a form --b\r\nno headers'],
  ];
  const FORM_ROUTES = [
    '/api/users/avatar',
    '/api/workspaces/update',
    '/api/workspaces/uploadImage',
    '/api/organization/update',
  ];

  it.each(FORM_ROUTES)('%s', async (url) => {
    for (const [label, contentType, payload] of MALFORMED) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': contentType },
        payload: Buffer.from(payload, 'latin1'),
      });
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toEqual({
        success: false,
        result: null,
        code: 'BAD_REQUEST',
        message: 'The form could not be read. Send it again as multipart/form-data.',
      });
    }
  });
});

describe('addresses the router refuses are answered with the envelope', () => {
  it('a bad %-escape', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/shipments/ocean/%E0%A4%A/x',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      result: null,
      code: 'BAD_REQUEST',
      message: 'The address contains an invalid %-escape.',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a path segment longer than the router takes', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/shipments/ocean/${'A'.repeat(300)}/x`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      success: false,
      result: null,
      code: 'URI_TOO_LONG',
      message: 'A part of the address is too long.',
    });
  });
});
