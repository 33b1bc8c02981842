import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import { webhookEndpoints } from '../src/db/schema/webhooks';
import { useTestApp } from './app';
import { buildTeam } from './factories';

const { app, ctx } = await useTestApp({ apiKeyRateLimitPerMinute: 100_000, rateLimitPerMinute: 100_000 });
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

const UUID = '2b1e6a53-8c4f-4d0e-9a61-7f3c2d1b0e9a';
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const [endpoint] = await ctx.db
  .insert(webhookEndpoints)
  .values({
    workspaceId: team.defaultWorkspaceId,
    url: 'https://hooks.example.com/in',
    eventTypes: ['shipment.added'],
    secret: 'whsec_test',
    createdBy: team.owner.userId,
  })
  .returning({ id: webhookEndpoints.id });
const keyRes = await app.inject({
  method: 'POST',
  url: '/api/api-keys',
  headers: { cookie },
  payload: { name: 'Fuzz', scope: 'read' },
});
const key = keyRes.json().result.key as string;

describe('cursors and dates the database cannot take are a 400 on every list, never a 500', () => {
  /** Each keyset list with the sorts whose cursor carries a date, an integer or a text value. */
  const LISTS: { label: string; url: string; headers: Record<string, string>; kind: string }[] = [
    ...['created_desc', 'arrival_asc', 'departure_desc', 'free_time_asc'].map((sort) => ({
      label: `ocean ${sort}`,
      url: `/api/shipments/ocean?sort=${sort}`,
      headers: { cookie },
      kind: 'date',
    })),
    {
      label: 'ocean cost_desc',
      url: '/api/shipments/ocean?sort=cost_desc',
      headers: { cookie },
      kind: 'int',
    },
    {
      label: 'ocean container_asc',
      url: '/api/shipments/ocean?sort=container_asc',
      headers: { cookie },
      kind: 'text',
    },
    ...['created_desc', 'delivery_asc', 'updated_desc'].map((sort) => ({
      label: `express ${sort}`,
      url: `/api/shipments/express?sort=${sort}`,
      headers: { cookie },
      kind: 'date',
    })),
    {
      label: 'express tracking_asc',
      url: '/api/shipments/express?sort=tracking_asc',
      headers: { cookie },
      kind: 'text',
    },
    ...['created_desc', 'cost_desc', 'container_asc'].map((sort) => ({
      label: `v1 ocean ${sort}`,
      url: `/api/v1/shipments/ocean?sort=${sort}`,
      headers: { authorization: `Bearer ${key}` },
      kind: sort === 'cost_desc' ? 'int' : sort === 'container_asc' ? 'text' : 'date',
    })),
    ...['created_desc', 'tracking_asc'].map((sort) => ({
      label: `v1 express ${sort}`,
      url: `/api/v1/shipments/express?sort=${sort}`,
      headers: { authorization: `Bearer ${key}` },
      kind: sort === 'tracking_asc' ? 'text' : 'date',
    })),
    {
      label: 'webhook deliveries',
      url: `/api/webhooks/${endpoint!.id}/deliveries?limit=5`,
      headers: { cookie },
      kind: 'date',
    },
  ];

  const valueOf = (kind: string) =>
    kind === 'int' ? '1200' : kind === 'text' ? 'MSCU1234566' : '2026-01-01T00:00:00.000Z';
  const cursorFor = (value: unknown, id: unknown) => cursorOf({ v: value, id });
  const get = (list: (typeof LISTS)[number], cursor: string) =>
    app.inject({ method: 'GET', url: `${list.url}&cursor=${cursor}`, headers: list.headers });

  const BAD_IDS = [
    '0'.repeat(36),
    '-'.repeat(36),
    'aaaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaa',
    '2b1e6a53-8c4f-4d0e-9a61-7f3c2d1b0e9a-',
  ];
  const BAD_DATES = [
    '-271821-04-20',
    '-271821-04-20T00:00:00.000Z',
    '+275760-09-13T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    '+010000-01-01T00:00:00.000Z',
  ];
  const BAD_INTEGERS = ['123456789012345', '2147483648', '-2147483649', '9'.repeat(15)];
  const BAD_TEXTS = ['MSCU\u0000', '\u0000'];

  it.each(LISTS)('$label: crafted cursors', async (list) => {
    const bad = [
      ...BAD_IDS.map((id) => cursorFor(valueOf(list.kind), id)),
      ...(list.kind === 'int' ? BAD_INTEGERS : list.kind === 'text' ? BAD_TEXTS : BAD_DATES).map((v) =>
        cursorFor(v, UUID),
      ),
    ];
    for (const cursor of bad) {
      const res = await get(list, cursor);
      expect(res.statusCode, Buffer.from(cursor, 'base64url').toString()).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        result: null,
        code: 'VALIDATION',
        message: 'The page cursor is not valid. Start from the first page.',
      });
    }
    // A well-formed one still pages.
    expect((await get(list, cursorFor(valueOf(list.kind), UUID))).statusCode).toBe(200);
  });

  it.each(LISTS)('$label: any cursor answers 200 or 400', async (list) => {
    const dateLike = fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.integer({ min: -300000, max: 300000 }).map((y) => `${String(y)}-01-01`),
    );
    const value = fc.oneof(
      dateLike,
      fc.string(),
      fc.bigInt().map(String),
      fc.integer().map(String),
      fc.anything(),
    );
    const id = fc.oneof(fc.uuid(), fc.stringMatching(/^[0-9a-f-]{36}$/), fc.string(), fc.anything());
    await fc.assert(
      fc.asyncProperty(value, id, async (v, i) => {
        const res = await get(list, cursorFor(v, i));
        expect([200, 400]).toContain(res.statusCode);
      }),
      { numRuns: 40 },
    );
  });

  it('DCSA feed: dates outside 0001–9999 and crafted cursors answer DCSA’s 400', async () => {
    const feed = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/dcsa/tnt/v2/events?${query}`,
        headers: { authorization: `Bearer ${key}` },
      });
    const queries = [
      ...['gte', 'gt', 'lte', 'lt', 'eq'].map((op) => `eventCreatedDateTime:${op}=0000-01-01T00:00:00Z`),
      'eventCreatedDateTime=0000-01-01T00:00:00Z',
      'eventCreatedDateTime:gte=0001-01-01T00:00:00%2B01:00',
      'eventCreatedDateTime:lt=9999-12-31T23:59:59-05:00',
      `cursor=${cursorOf({ after: 2 ** 60 })}`,
      `cursor=${cursorOf({ after: '1' })}`,
      `cursor=${cursorOf({ after: -1 })}`,
    ];
    for (const query of queries) {
      const res = await feed(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, errors: [{ reason: 'invalidQuery' }] });
    }
    expect((await feed('eventCreatedDateTime:gte=0001-01-01T00:00:00Z')).statusCode).toBe(200);
    expect((await feed('eventCreatedDateTime:lte=9999-12-31T23:59:59Z')).statusCode).toBe(200);
  });

  it('DCSA feed: any date filter answers 200 or 400', async () => {
    const year = fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 9999));
    const stamp = fc
      .tuple(year, fc.constantFrom('Z', '+14:00', '-12:00', '+23:59', '-23:59'))
      .map(([y, zone]) => `${String(y).padStart(4, '0')}-01-01T00:00:00${zone}`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('gte', 'gt', 'lte', 'lt', 'eq'), stamp, async (op, at) => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/dcsa/tnt/v2/events?eventCreatedDateTime:${op}=${encodeURIComponent(at)}`,
          headers: { authorization: `Bearer ${key}` },
        });
        expect([200, 400]).toContain(res.statusCode);
      }),
      { numRuns: 60 },
    );
  });

  it('an API key expiry outside the years 0001–9999 is a 400', async () => {
    for (const expiresAt of ['9999-12-31T23:59:59-05:00', '+275760-09-13T00:00:00Z']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: { cookie },
        payload: { name: 'Far future', scope: 'read', expiresAt },
      });
      expect(res.statusCode, expiresAt).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
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
