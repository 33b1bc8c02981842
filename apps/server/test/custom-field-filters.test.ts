import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { customFieldValues } from '../src/db/schema/custom-fields';
import {
  FEW_MATCHING_VALUES,
  FEW_SEARCH_MATCHES,
} from '../src/modules/custom-fields/custom-field-values.service';
import { buildTeam, type Team } from './factories';
import { usePublicApiApp } from './support/public-api';
import { addOcean, addParcel, defineFields } from './support/custom-fields';

const { app, ctx, withKey, createKey } = await usePublicApiApp();

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, cookie: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const FIELDS = [
  { name: 'PO', type: 'text' },
  { name: 'Pallets', type: 'number' },
  { name: 'Booked on', type: 'date' },
  { name: 'Priority', type: 'choice', choices: ['Low', 'High', 'Urgent'] },
  { name: 'Hazards', type: 'multi_choice', choices: ['Flammable', 'Fragile, glass', 'Toxic'] },
  { name: 'Portal', type: 'link' },
];

type Mode = 'ocean' | 'express';
const setValues = async (team: Team, mode: Mode, id: string, values: object) => {
  const res = await call('PATCH', `/api/shipments/${mode}/${id}/custom-fields`, team.owner.cookie, {
    values,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const idOf = (mode: Mode, row: Record<string, unknown>) =>
  (mode === 'ocean' ? row.shipmentOverallId : row.expressOrderId) as string;
const rowsOf = (mode: Mode, result: Record<string, unknown>) =>
  (mode === 'ocean' ? result.items : result.expressTrackingDocumentList) as Record<string, unknown>[];

/** The ids a list answers for these query parameters (each `cf` given as its own parameter). */
async function listed(team: Team, mode: Mode, params: string[]) {
  const qs = ['limit=100', ...params].join('&');
  const res = await call('GET', `/api/shipments/${mode}?${qs}`, team.owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return rowsOf(mode, res.json().result)
    .map((r) => idOf(mode, r))
    .sort();
}

const cf = (fieldId: string, value: string) => `cf=${encodeURIComponent(`${fieldId}:${value}`)}`;

describe('lists filtered by custom fields', () => {
  it('filters both modes by each type: text equals, choices any of, number and date ranges', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    for (const mode of ['ocean', 'express'] as const) {
      const add = mode === 'ocean' ? addOcean : addParcel;
      const [a, b, c, none] = [
        await add(app, team),
        await add(app, team),
        await add(app, team),
        await add(app, team),
      ];
      await setValues(team, mode, a, {
        [f.PO!]: 'PO-4711',
        [f.Pallets!]: 3,
        [f['Booked on']!]: '2026-01-15',
        [f.Priority!]: 'Low',
        [f.Hazards!]: ['Flammable', 'Toxic'],
        [f.Portal!]: 'https://portal.example.com/a',
      });
      await setValues(team, mode, b, {
        [f.PO!]: 'PO-4712',
        [f.Pallets!]: 10.5,
        [f['Booked on']!]: '2026-03-01',
        [f.Priority!]: 'Urgent',
        [f.Hazards!]: ['Fragile, glass'],
      });
      await setValues(team, mode, c, { [f.Pallets!]: -2, [f.Priority!]: 'High' });
      void none;
      const sorted = (...ids: string[]) => ids.sort();

      expect(await listed(team, mode, [cf(f.PO!, 'po-4711')])).toEqual([a]);
      expect(await listed(team, mode, [cf(f.PO!, 'PO-47')])).toEqual([]);
      // A value ending in `*` is a beginning, case ignored; LIKE's wildcards are plain characters.
      expect(await listed(team, mode, [cf(f.PO!, 'po-47*')])).toEqual(sorted(a, b));
      expect(await listed(team, mode, [cf(f.PO!, 'PO-4711*')])).toEqual([a]);
      expect(await listed(team, mode, [cf(f.PO!, 'PO_47*')])).toEqual([]);
      expect(await listed(team, mode, [cf(f.PO!, '%*')])).toEqual([]);
      expect(await listed(team, mode, [cf(f.Portal!, 'https://portal.*')])).toEqual([a]);
      expect(await listed(team, mode, [cf(f.Portal!, 'HTTPS://portal.example.com/a')])).toEqual([a]);
      expect(await listed(team, mode, [cf(f.Priority!, 'low,urgent')])).toEqual(sorted(a, b));
      expect(await listed(team, mode, [cf(f.Hazards!, 'Toxic')])).toEqual([a]);
      expect(await listed(team, mode, [cf(f.Pallets!, '3..10.5')])).toEqual(sorted(a, b));
      expect(await listed(team, mode, [cf(f.Pallets!, '..0')])).toEqual([c]);
      expect(await listed(team, mode, [cf(f.Pallets!, '4..')])).toEqual([b]);
      expect(await listed(team, mode, [cf(f.Pallets!, '3')])).toEqual([a]);
      expect(await listed(team, mode, [cf(f['Booked on']!, '2026-02-01..')])).toEqual([b]);
      expect(await listed(team, mode, [cf(f['Booked on']!, '..2026-01-15')])).toEqual([a]);
      // Filters are ANDed; the list's other filters still hold.
      expect(await listed(team, mode, [cf(f.Priority!, 'Low,High,Urgent'), cf(f.Pallets!, '0..')])).toEqual(
        sorted(a, b),
      );
      expect(await listed(team, mode, [cf(f.Priority!, 'Low'), 'status=archived'])).toEqual([]);
    }
  });

  it('gives the same answer when a filter matches many values (the list walks its order)', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    for (const mode of ['ocean', 'express'] as const) {
      const add = mode === 'ocean' ? addOcean : addParcel;
      const [a, b, none] = [await add(app, team), await add(app, team), await add(app, team)];
      await setValues(team, mode, a, { [f.Priority!]: 'High', [f.Pallets!]: 7, [f.Hazards!]: ['Toxic'] });
      await setValues(team, mode, b, {
        [f.Priority!]: 'Low',
        [f.Pallets!]: 7,
        [f['Booked on']!]: '2026-05-01',
      });
      await setValues(team, mode, none, { [f.Priority!]: 'Urgent', [f.Pallets!]: 70 });
      // More matching values than FEW_MATCHING_VALUES, of shipments this list does not hold, so that
      // each filter takes its per-row shape.
      await ctx.db.insert(customFieldValues).values(
        Array.from({ length: FEW_MATCHING_VALUES + 1 }, () => [
          { fieldId: f.Priority!, textValue: 'High' },
          { fieldId: f.Pallets!, numberValue: 7 },
          { fieldId: f['Booked on']!, dateValue: '2026-05-01' },
          { fieldId: f.Hazards!, textValue: 'Toxic' },
        ]).flatMap((values) => {
          const subscriptionId = randomUUID();
          return values.map((v) => ({ ...v, workspaceId: team.defaultWorkspaceId, mode, subscriptionId }));
        }),
      );
      const sorted = (...ids: string[]) => ids.sort();
      expect(await listed(team, mode, [cf(f.Priority!, 'high,low')])).toEqual(sorted(a, b));
      expect(await listed(team, mode, [cf(f.Pallets!, '5..8')])).toEqual(sorted(a, b));
      expect(await listed(team, mode, [cf(f['Booked on']!, '2026-05-01')])).toEqual([b]);
      expect(await listed(team, mode, [cf(f.Hazards!, 'toxic')])).toEqual([a]);
      // A filter with many matches beside one with few.
      expect(await listed(team, mode, [cf(f.Pallets!, '7'), cf(f.PO!, 'none')])).toEqual([]);
      expect(await listed(team, mode, [cf(f.Pallets!, '7'), cf(f.Priority!, 'Low')])).toEqual([b]);
    }
  });

  it('finds a shipment by the start of a text field value in the list search', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const ocean = await addOcean(app, team);
    const parcel = await addParcel(app, team);
    await setValues(team, 'ocean', ocean, { [f.PO!]: 'ZQ-PO-55123', [f.Priority!]: 'Low' });
    await setValues(team, 'express', parcel, { [f.PO!]: 'zq-po-55999' });
    expect(await listed(team, 'ocean', ['search=zq-po-55'])).toEqual([ocean]);
    expect(await listed(team, 'express', ['search=ZQ-PO-559'])).toEqual([parcel]);
    expect(await listed(team, 'express', ['search=ZQ-PO-551'])).toEqual([]);
    // A choice's value is not searched (only text fields are), nor is a match inside a value.
    expect(await listed(team, 'ocean', ['search=Low'])).toEqual([]);
    expect(await listed(team, 'ocean', ['search=PO-55123'])).toEqual([]);
    // Another workspace's search does not see this workspace's values.
    const other = await buildTeam(app, ctx);
    expect(await listed(other, 'ocean', ['search=ZQ-PO-55'])).toEqual([]);
    // More values starting with the term than FEW_SEARCH_MATCHES, of shipments the lists do not hold:
    // the search takes its per-row shape and still finds only the lists' own.
    await ctx.db.insert(customFieldValues).values(
      Array.from({ length: FEW_SEARCH_MATCHES + 1 }, (_, i) => ({
        fieldId: f.PO!,
        workspaceId: team.defaultWorkspaceId,
        mode: i % 2 ? ('ocean' as const) : ('express' as const),
        subscriptionId: randomUUID(),
        textValue: `ZQ-PO-${String(i)}`,
      })),
    );
    await ctx.db.insert(customFieldValues).values(
      Array.from({ length: FEW_SEARCH_MATCHES + 1 }, () => ({
        fieldId: f.PO!,
        workspaceId: team.defaultWorkspaceId,
        mode: 'ocean' as const,
        subscriptionId: randomUUID(),
        textValue: 'zq-po-0',
      })),
    );
    expect(await listed(team, 'ocean', ['search=zq-po-5'])).toEqual([ocean]);
    expect(await listed(team, 'ocean', ['search=ZQ'])).toEqual([ocean]);
    expect(await listed(team, 'ocean', ['search=ZQ-PO-0'])).toEqual([]);
  });

  it('refuses another workspace’s field, an unknown field and bad values with a 400', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const theirs = await defineFields(app, other, FIELDS);
    for (const mode of ['ocean', 'express'] as const) {
      for (const [param, message] of [
        [cf(theirs.PO!, 'x'), 'That custom field is not in this workspace.'],
        [cf('00000000-0000-4000-8000-000000000000', 'x'), 'That custom field is not in this workspace.'],
        [cf('not-a-uuid', 'x'), 'That custom field is not in this workspace.'],
        ['cf=no-colon', 'A custom field filter is written cf=<fieldId>:<value>.'],
        [cf(f.PO!, '*'), 'A custom field filter is written cf=<fieldId>:<value>.'],
        [`${cf(f.PO!, 'a')}&${cf(f.PO!, 'b')}`, 'Filter each custom field once.'],
        [cf(f.PO!, ''), 'A custom field filter is written'],
        [cf(f.Pallets!, 'ten..'), 'Pallets: A number value is a finite number.'],
        [cf(f.Pallets!, '5..1'), 'A range is written <min>..<max>'],
        [cf(f.Pallets!, '..'), 'A range is written'],
        [cf(f['Booked on']!, '2026-02-30..'), 'Booked on: A date value is a day written YYYY-MM-DD.'],
        [cf(f.Priority!, 'Low,Medium'), 'Priority: The value must be one of the field’s choices.'],
      ] as const) {
        const res = await call('GET', `/api/shipments/${mode}?${param}`, team.owner.cookie);
        expect(res.statusCode, `${mode} ${param}: ${res.body}`).toBe(400);
        expect(res.json().message).toContain(message);
      }
    }
    const tooMany = Array.from({ length: 21 }, () => cf(f.PO!, 'x')).join('&');
    expect((await call('GET', `/api/shipments/ocean?${tooMany}`, team.owner.cookie)).statusCode).toBe(400);
  });

  it('filters /api/v1 lists with the same parameter', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const { key } = await createKey(team);
    const a = await addOcean(app, team);
    await addOcean(app, team);
    await setValues(team, 'ocean', a, { [f.Priority!]: 'Urgent' });
    const res = await withKey(key, 'GET', `/api/v1/shipments/ocean?${cf(f.Priority!, 'urgent')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.items.map((r: { shipmentOverallId: string }) => r.shipmentOverallId)).toEqual([
      a,
    ]);
    const other = await buildTeam(app, ctx);
    const { key: otherKey } = await createKey(other);
    const refused = await withKey(otherKey, 'GET', `/api/v1/shipments/express?${cf(f.Priority!, 'Urgent')}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('That custom field is not in this workspace.');
  });
});
