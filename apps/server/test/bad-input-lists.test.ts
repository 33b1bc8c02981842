import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useBadInputApp } from './support/bad-input';

const { app, cookie, UUID, cursorOf, endpoint, key } = await useBadInputApp();

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
  /** A list's cursor names the sort it was made for (the `sort` of its address); a feed's none. */
  const sortOf = (list: (typeof LISTS)[number]) => /[?&]sort=([^&]+)/.exec(list.url)?.[1];
  const cursorFor = (list: (typeof LISTS)[number], value: unknown, id: unknown) =>
    cursorOf({ v: value, id, s: sortOf(list) });
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
      ...BAD_IDS.map((id) => cursorFor(list, valueOf(list.kind), id)),
      ...(list.kind === 'int' ? BAD_INTEGERS : list.kind === 'text' ? BAD_TEXTS : BAD_DATES).map((v) =>
        cursorFor(list, v, UUID),
      ),
      // A cursor of another sort, or of none.
      cursorOf({ v: valueOf(list.kind), id: UUID, s: sortOf(list) ? 'created_asc' : 'created_desc' }),
      ...(sortOf(list) ? [cursorOf({ v: valueOf(list.kind), id: UUID })] : []),
      // A null marker where the sort's rows all have a value.
      cursorFor(list, null, UUID),
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
    expect((await get(list, cursorFor(list, valueOf(list.kind), UUID))).statusCode).toBe(200);
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
        const res = await get(list, cursorFor(list, v, i));
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
