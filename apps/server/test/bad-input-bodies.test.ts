import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import { useBadInputApp } from './support/bad-input';

const { app, ctx, team, cookie, NOT_ALLOWED } = await useBadInputApp();

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

describe('names refuse control characters, so no value can forge a line in an e-mail', () => {
  const CONTROLS = [
    '\r\nBcc: victim@example.com',
    '\n',
    '\r',
    '\t',
    '\u0085',
    '\u009b',
    '\u2028',
    '\u2029',
    '\u001b[2J',
  ];
  const refused = (res: { statusCode: number; json: () => unknown }, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, result: null, code: 'VALIDATION', message });
  };

  it('first and last names, on the profile and at sign-up', async () => {
    for (const control of CONTROLS) {
      const profile = await app.inject({
        method: 'PATCH',
        url: '/api/users/profile',
        headers: { cookie },
        payload: { firstName: `Grace${control}Eve`, lastName: 'Hopper', timeZone: 'UTC' },
      });
      refused(profile, 'First name cannot contain line breaks, tabs or other control characters');
      const last = await app.inject({
        method: 'PATCH',
        url: '/api/users/profile',
        headers: { cookie },
        payload: { firstName: 'Grace', lastName: `Hop${control}per`, timeZone: 'UTC' },
      });
      refused(last, 'Last name cannot contain line breaks, tabs or other control characters');
    }
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'crlf@example.com',
        firstName: 'Eve\r\nBcc: victim@example.com',
        lastName: 'Hopper',
        password: 'x'.repeat(400),
        keyId: ctx.authKey.keyId,
        timeZone: 'UTC',
      },
    });
    refused(register, 'First name cannot contain line breaks, tabs or other control characters');
    const [me] = await ctx.db.select().from(users).where(eq(users.id, team.owner.userId));
    expect(me!.firstName).not.toMatch(/[\r\n\t]/);
  });

  it('workspace and organization names', async () => {
    for (const control of CONTROLS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/workspaces/create',
        headers: { cookie },
        payload: { workspaceName: `Rotterdam${control}Desk` },
      });
      expect(res.statusCode, JSON.stringify(control)).toBe(400);
    }
    const tab = await app.inject({
      method: 'POST',
      url: '/api/workspaces/create',
      headers: { cookie },
      payload: { workspaceName: 'Rotterdam\tDesk' },
    });
    refused(tab, "String can't contain line breaks, tabs or other control characters.");
    const boundary = 'tracklane-name';
    const organization = await app.inject({
      method: 'POST',
      url: '/api/organization/update',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="organizationName"\r\n\r\nAcme\tLogistics\r\n` +
        `--${boundary}--\r\n`,
    });
    refused(organization, "String can't contain line breaks, tabs or other control characters.");
  });

  it('tags, API key names and alert rule names', async () => {
    const key = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { cookie },
      payload: { name: 'ERP\r\nsync', scope: 'read' },
    });
    refused(key, 'A key name cannot contain line breaks, tabs or other control characters');
    const rule = await app.inject({
      method: 'POST',
      url: '/api/alert-rules',
      headers: { cookie },
      payload: {
        name: 'Late\u2028Bcc: victim@example.com',
        mode: 'ocean',
        condition: { kind: 'rolled' },
        recipients: { allMembers: true, userIds: [], emails: [] },
      },
    });
    refused(rule, 'A rule name cannot contain line breaks, tabs or other control characters.');
    const filter = await app.inject({
      method: 'POST',
      url: '/api/alert-rules',
      headers: { cookie },
      payload: {
        name: 'Urgent ones',
        mode: 'ocean',
        condition: { kind: 'rolled' },
        filters: { tags: ['urg\u2029ent'] },
        recipients: { allMembers: true, userIds: [], emails: [] },
      },
    });
    refused(filter, 'A tag cannot contain control characters such as a line break or a tab.');
  });
});
