import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTeam, type Team } from './factories';
import { usePublicApiApp } from './support/public-api';
import { addOcean, addParcel, defineFields } from './support/custom-fields';

/*
 * Lists sorted by a custom field or a reference (ADR 0054): every row once, in order, across pages,
 * with rows without a value last in both directions and ties by id; and the sort and cursors a list
 * refuses.
 */

const { app, ctx, withKey, createKey } = await usePublicApiApp();

type Mode = 'ocean' | 'express';
const MODES: Mode[] = ['ocean', 'express'];
const BAD_CURSOR = 'The page cursor is not valid. Start from the first page.';

const call = (method: 'GET' | 'PATCH' | 'POST', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function ok(method: 'PATCH' | 'POST', url: string, team: Team, payload: object) {
  const res = await call(method, url, team.owner.cookie, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

const idOf = (mode: Mode, row: Record<string, unknown>) =>
  (mode === 'ocean' ? row.shipmentOverallId : row.expressOrderId) as string;
const rowsOf = (mode: Mode, result: Record<string, unknown>) =>
  (mode === 'ocean' ? result.items : result.expressTrackingDocumentList) as Record<string, unknown>[];
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Every page of a sorted list, `limit` rows at a time: the ids in the order the pages give them. */
async function allPages(
  get: (qs: string) => Promise<{ statusCode: number; body: string; json: () => { result: object } }>,
  mode: Mode,
  sort: string,
  limit: number,
) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(
      `sort=${encodeURIComponent(sort)}&limit=${String(limit)}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result as Record<string, unknown>;
    ids.push(...rowsOf(mode, result).map((r) => idOf(mode, r)));
    cursor = result.nextCursor as string | null;
    pages++;
    expect(pages).toBeLessThan(20);
  } while (cursor);
  return { ids, pages };
}

/**
 * The order a sort must give: values in `direction`, equal values by id the same way, rows without a
 * value after all others (by id, the same way).
 */
function expected(values: Map<string, string | number | null>, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  const byId = (a: string, b: string) => sign * (a < b ? -1 : a > b ? 1 : 0);
  const withValue = [...values].filter(([, v]) => v !== null);
  const without = [...values].filter(([, v]) => v === null).map(([id]) => id);
  withValue.sort(([a, va], [b, vb]) => sign * (va! < vb! ? -1 : va! > vb! ? 1 : 0) || byId(a, b));
  return [...withValue.map(([id]) => id), ...without.sort(byId)];
}

// Values in upper-case letters and digits alone: PostgreSQL's collation orders them as JavaScript does.
const TEXTS = ['BRAVO', 'ALPHA', 'BRAVO', null, 'CHARLIE', null, 'BRAVO', 'DELTA'];
const NUMBERS = [3, 3, -2, null, 10.5, null, 1e21, 0.1];
const DATES = ['2026-03-01', '2026-01-15', '2026-03-01', null, null, '1990-01-01', '2099-12-31', null];
const CHOICES = ['High', 'Low', null, 'High', 'Urgent', null, 'Low', 'High'];
const MULTI = [['A', 'B'], ['B'], null, ['A'], ['A', 'B'], ['C'], null, ['B', 'C']];
const LINKS = [
  'https://b.example.com/1',
  null,
  'https://a.example.com/2',
  'https://b.example.com/1',
  null,
  'https://c.example.com',
  'https://a.example.com/2',
  null,
];
const BOOKINGS = ['BK2', null, 'BK1', 'BK2', 'BK3', null, null, 'BK1'];
const POS = [['PO2', 'PO9'], [], ['PO1'], ['PO2', 'PO9'], [], ['PO3'], ['PO1'], []];
const SHIPPERS = ['Beta', 'Alpha', null, 'Beta', null, 'Gamma', 'Alpha', null];

const FIELDS = [
  { name: 'Ref', type: 'text' },
  { name: 'Pallets', type: 'number' },
  { name: 'Booked on', type: 'date' },
  { name: 'Priority', type: 'choice', choices: ['Low', 'High', 'Urgent'] },
  { name: 'Tags', type: 'multi_choice', choices: ['A', 'B', 'C'] },
  { name: 'Portal', type: 'link' },
];

/** A team with both modes' shipments carrying the values above (row i gets each list's i-th). */
async function seeded() {
  const team = await buildTeam(app, ctx);
  const f = await defineFields(app, team, FIELDS);
  const companies: Record<string, string> = {};
  for (const name of ['Alpha', 'Beta', 'Gamma'])
    companies[name] = ((await ok('POST', '/api/companies', team, { name })) as { id: string }).id;
  const shipments: Record<Mode, string[]> = { ocean: [], express: [] };
  for (const mode of MODES) {
    for (let i = 0; i < TEXTS.length; i++) {
      const id = await (mode === 'ocean' ? addOcean : addParcel)(app, team);
      shipments[mode].push(id);
      const values = Object.fromEntries(
        [
          [f.Ref!, TEXTS[i]],
          [f.Pallets!, NUMBERS[i]],
          [f['Booked on']!, DATES[i]],
          [f.Priority!, CHOICES[i]],
          [f.Tags!, MULTI[i]],
          [f.Portal!, LINKS[i]],
        ].filter(([, v]) => v !== null),
      );
      await ok('PATCH', `/api/shipments/${mode}/${id}/custom-fields`, team, { values });
      const shipper = SHIPPERS[i];
      await ok('PATCH', `/api/shipments/${mode}/${id}/references`, team, {
        ...(BOOKINGS[i] ? { bookingNumber: BOOKINGS[i] } : {}),
        poNumbers: POS[i],
        ...(shipper ? { shipperId: companies[shipper] } : {}),
      });
    }
  }
  const valuesOf = (mode: Mode, list: readonly unknown[], show: (v: never) => string | number = (v) => v) =>
    new Map(
      shipments[mode].map((id, i) => {
        const v = list[i];
        return [id, v === null || (Array.isArray(v) && !v.length) ? null : show(v as never)];
      }),
    );
  return { team, f, shipments, valuesOf };
}

describe('lists sorted by a custom field or a reference', () => {
  it('pages every type both ways in both modes: each row once, in order, without a value last', async () => {
    const { team, f, valuesOf } = await seeded();
    const joined = (v: string[]) => v.join(', ');
    const sorts = (mode: Mode) => [
      { sort: `cf.${f.Ref!}`, values: valuesOf(mode, TEXTS) },
      { sort: `cf.${f.Pallets!}`, values: valuesOf(mode, NUMBERS) },
      { sort: `cf.${f['Booked on']!}`, values: valuesOf(mode, DATES) },
      { sort: `cf.${f.Priority!}`, values: valuesOf(mode, CHOICES) },
      { sort: `cf.${f.Tags!}`, values: valuesOf(mode, MULTI, joined) },
      { sort: `cf.${f.Portal!}`, values: valuesOf(mode, LINKS) },
      { sort: 'ref.booking', values: valuesOf(mode, BOOKINGS) },
      { sort: 'ref.po_numbers', values: valuesOf(mode, POS, joined) },
      { sort: 'ref.shipper', values: valuesOf(mode, SHIPPERS) },
    ];
    for (const mode of MODES) {
      const get = (qs: string) => call('GET', `/api/shipments/${mode}?${qs}`, team.owner.cookie);
      for (const { sort, values } of sorts(mode))
        for (const direction of ['asc', 'desc'] as const) {
          // Three rows a page: at least three pages, with ties and rows without a value across them.
          const { ids, pages } = await allPages(get, mode, `${sort}.${direction}`, 3);
          expect(pages, `${mode} ${sort}.${direction}`).toBeGreaterThanOrEqual(3);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids, `${mode} ${sort}.${direction}`).toEqual(expected(values, direction));
        }
    }
  });

  it('the public API sorts the same way', async () => {
    const { team, f, valuesOf } = await seeded();
    const { key } = await createKey(team, 'read');
    for (const mode of MODES) {
      const get = (qs: string) => withKey(key, 'GET', `/api/v1/shipments/${mode}?${qs}`);
      const { ids } = await allPages(get, mode, `cf.${f.Pallets!}.desc`, 2);
      expect(ids).toEqual(expected(valuesOf(mode, NUMBERS), 'desc'));
      const refs = await allPages(get, mode, 'ref.booking.asc', 2);
      expect(refs.ids).toEqual(expected(valuesOf(mode, BOOKINGS), 'asc'));
    }
  });

  it('another workspace’s field, an unknown one, or a malformed sort is a 400 with a clear message', async () => {
    const { team } = await seeded();
    const other = await buildTeam(app, ctx);
    const theirs = await defineFields(app, other, [{ name: 'Theirs', type: 'text' }]);
    const { key } = await createKey(team, 'read');
    for (const mode of MODES) {
      for (const fieldId of [theirs.Theirs!, randomUUID()]) {
        const sort = `cf.${fieldId}.asc`;
        for (const res of [
          await call('GET', `/api/shipments/${mode}?sort=${sort}`, team.owner.cookie),
          await withKey(key, 'GET', `/api/v1/shipments/${mode}?sort=${sort}`),
        ]) {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toMatchObject({
            code: 'VALIDATION',
            message: 'Sort: That custom field is not in this workspace.',
          });
        }
      }
      for (const sort of [
        'cf.not-a-field.asc',
        'ref.vessel.asc',
        'ref.booking.up',
        'cf..asc',
        'x'.repeat(200),
      ]) {
        const res = await call(
          'GET',
          `/api/shipments/${mode}?sort=${encodeURIComponent(sort)}`,
          team.owner.cookie,
        );
        expect(res.statusCode, sort).toBe(400);
        expect(res.json().message, sort).toMatch(/Sort by one of created_desc, .*cf\.<fieldId>\.asc/);
      }
    }
  });

  it('a cursor of another sort, a crafted value or a null marker out of place is a 400', async () => {
    const { team, f, shipments } = await seeded();
    const id = shipments.ocean[0]!;
    for (const mode of MODES) {
      const get = (sort: string, cursor: string) =>
        call('GET', `/api/shipments/${mode}?sort=${sort}&limit=2&cursor=${cursor}`, team.owner.cookie);
      const number = `cf.${f.Pallets!}.asc`;
      const day = `cf.${f['Booked on']!}.desc`;
      const text = 'ref.booking.asc';
      // A real cursor of one sort is refused by another, and by the same column the other way.
      const first = await call('GET', `/api/shipments/${mode}?sort=${number}&limit=2`, team.owner.cookie);
      const real = first.json().result.nextCursor as string;
      expect((await get(number, real)).statusCode).toBe(200);
      const refused = [
        [`cf.${f.Pallets!}.desc`, real],
        ['created_desc', real],
        [text, real],
        [number, cursorOf({ v: '1', id })],
        [number, cursorOf({ v: 'NaN', id, s: number })],
        [number, cursorOf({ v: 'Infinity', id, s: number })],
        [number, cursorOf({ v: '1e999', id, s: number })],
        [number, cursorOf({ v: 3, id, s: number })],
        [number, cursorOf({ v: '0x10', id, s: number })],
        [day, cursorOf({ v: '2026-02-30', id, s: day })],
        [day, cursorOf({ v: '0000-01-01', id, s: day })],
        [day, cursorOf({ v: '2026-01-01T00:00:00.000Z', id, s: day })],
        [text, cursorOf({ v: 'BK\u0000', id, s: text })],
        [text, cursorOf({ v: 'BK1', id: 'not-an-id', s: text })],
        [text, cursorOf({ v: ['BK1'], id, s: text })],
        // A null marker where every row has a value.
        ['created_desc', cursorOf({ v: null, id, s: 'created_desc' })],
        [text, 'not base64 json'],
      ] as const;
      for (const [sort, cursor] of refused) {
        const res = await get(sort, encodeURIComponent(cursor));
        expect(res.statusCode, `${sort} ${Buffer.from(cursor, 'base64url').toString()}`).toBe(400);
        expect(res.json().message).toBe(BAD_CURSOR);
      }
      // Well-formed ones page, a null marker included.
      for (const [sort, v] of [
        [number, '2.5'],
        [number, '-1e+21'],
        [number, null],
        [day, '2026-02-28'],
        [day, null],
        [text, 'BK2'],
        [text, null],
      ] as const)
        expect((await get(sort, cursorOf({ v, id, s: sort }))).statusCode, `${sort} ${String(v)}`).toBe(200);
    }
  });
});
