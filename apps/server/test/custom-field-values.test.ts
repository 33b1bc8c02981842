import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { addOcean, addParcel, defineFields } from './support/custom-fields';
import type { Account } from './auth-helpers';
import { addMember, buildTeam } from './factories';

const { app, ctx } = await useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie: string | null, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const FIELDS = [
  { name: 'Notes', type: 'text' },
  { name: 'Pallets', type: 'number' },
  { name: 'Booked on', type: 'date' },
  { name: 'Priority', type: 'choice', choices: ['Low', 'Urgent'], required: true },
  { name: 'Hazards', type: 'multi_choice', choices: ['Flammable', 'Fragile', 'Toxic'] },
  { name: 'Portal', type: 'link' },
];

const patch = (account: Account, mode: 'ocean' | 'express', id: string, values: object) =>
  call('PATCH', `/api/shipments/${mode}/${id}/custom-fields`, account.cookie, { values });
const get = (account: Account, mode: 'ocean' | 'express', id: string) =>
  call('GET', `/api/shipments/${mode}/${id}/custom-fields`, account.cookie);

describe('a shipment’s custom field values', () => {
  it('sets, normalises and clears values of every type on both modes, and shows them on list rows', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const ocean = await addOcean(app, team);
    const parcel = await addParcel(app, team);
    for (const [mode, id] of [
      ['ocean', ocean],
      ['express', parcel],
    ] as const) {
      const res = await patch(team.owner, mode, id, {
        [f.Notes!]: '  Keep   dry ',
        [f.Pallets!]: 12.5,
        [f['Booked on']!]: '2026-02-28',
        [f.Priority!]: 'urgent',
        [f.Hazards!]: ['toxic', 'Flammable', 'TOXIC'],
        [f.Portal!]: 'https://portal.example.com/b/1',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result).toEqual({
        [f.Notes!]: 'Keep dry',
        [f.Pallets!]: 12.5,
        [f['Booked on']!]: '2026-02-28',
        [f.Priority!]: 'Urgent',
        [f.Hazards!]: ['Flammable', 'Toxic'],
        [f.Portal!]: 'https://portal.example.com/b/1',
      });
      const cleared = await patch(team.owner, mode, id, {
        [f.Notes!]: null,
        [f.Hazards!]: [],
        [f.Pallets!]: '',
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(Object.keys(cleared.json().result).sort()).toEqual(
        [f['Booked on'], f.Portal, f.Priority].sort(),
      );
    }
    const oceanRows = (await call('GET', '/api/shipments/ocean?limit=10', team.owner.cookie)).json().result
      .items as { shipmentOverallId: string; customFields: Record<string, unknown> }[];
    expect(oceanRows.find((r) => r.shipmentOverallId === ocean)?.customFields[f.Priority!]).toBe('Urgent');
    const list = (await call('GET', '/api/shipments/express?limit=10', team.owner.cookie)).json().result;
    expect(list.expressTrackingDocumentList[0].customFields[f.Portal!]).toBe(
      'https://portal.example.com/b/1',
    );
    // A shipment without values answers an empty object: its fields show as missing.
    const other = await addOcean(app, team);
    expect((await get(team.owner, 'ocean', other)).json().result).toEqual({});
  });

  it('refuses bad values per type with a 400 naming the field, and never clears a required one', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const ocean = await addOcean(app, team);
    expect((await patch(team.owner, 'ocean', ocean, { [f.Priority!]: 'Low' })).statusCode).toBe(200);
    for (const [values, message] of [
      [{ [f.Notes!]: 'a\nb' }, 'Notes: A text value is one line'],
      [{ [f.Notes!]: 'x'.repeat(501) }, 'Notes: A text value is one line of at most 500'],
      [{ [f.Pallets!]: '12' }, 'Pallets: A number value is a finite number.'],
      [{ [f['Booked on']!]: '2026-02-30' }, 'Booked on: A date value is a day written YYYY-MM-DD.'],
      [{ [f['Booked on']!]: '28.02.2026' }, 'Booked on: A date value'],
      [{ [f.Priority!]: 'Medium' }, 'Priority: The value must be one of the field’s choices.'],
      [{ [f.Priority!]: null }, 'Priority: This field is required'],
      [{ [f.Priority!]: '' }, 'Priority: This field is required'],
      [{ [f.Hazards!]: ['Sharp'] }, 'Hazards: The value must be one of the field’s choices.'],
      [{ [f.Hazards!]: 'Toxic' }, 'Hazards: Send the chosen values as a list'],
      [{ [f.Portal!]: 'javascript:alert(1)' }, 'Portal: A link is an http or https address'],
      [{ [f.Portal!]: 'ftp://files.example.com/a' }, 'Portal: A link is an http or https address'],
      [
        { [f.Portal!]: `https://example.com/${'a'.repeat(2040)}` },
        'Portal: A link is an http or https address',
      ],
      [{ 'not-a-field': 'x' }, 'That custom field is not in this workspace.'],
      [{ [f.Notes!]: { nested: true } }, 'Notes: A text value is one line'],
      [{ [f.Pallets!]: [1] }, 'Pallets: A number value'],
    ] as const) {
      const res = await patch(team.owner, 'ocean', ocean, values);
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toContain(message);
    }
    const bare = await call('PATCH', `/api/shipments/ocean/${ocean}/custom-fields`, team.owner.cookie, {
      [f.Notes!]: 'x',
    });
    expect(bare.statusCode).toBe(400);
    // The refused changes left the value as it was.
    expect((await get(team.owner, 'ocean', ocean)).json().result).toEqual({ [f.Priority!]: 'Low' });
  });

  it('keeps tenancy and roles: another workspace’s field or shipment is refused, view-only members read only', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const theirs = await defineFields(app, other, FIELDS);
    const ocean = await addOcean(app, team);
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    expect((await patch(team.owner, 'ocean', ocean, { [theirs.Notes!]: 'x' })).statusCode).toBe(400);
    expect((await patch(other.owner, 'ocean', ocean, { [theirs.Notes!]: 'x' })).statusCode).toBe(404);
    expect((await get(other.owner, 'ocean', ocean)).statusCode).toBe(404);
    expect((await patch(viewer, 'ocean', ocean, { [f.Notes!]: 'x' })).statusCode).toBe(403);
    expect((await get(viewer, 'ocean', ocean)).statusCode).toBe(200);
    expect((await get(team.owner, 'ocean', 'not-an-id')).statusCode).toBe(404);
  });

  it('removes values with their field, with a removed choice, and with their shipment', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const ocean = await addOcean(app, team);
    await patch(team.owner, 'ocean', ocean, {
      [f.Notes!]: 'x',
      [f.Priority!]: 'Low',
      [f.Hazards!]: ['Flammable', 'Toxic'],
    });
    await call('PATCH', `/api/custom-fields/${f.Hazards!}`, team.owner.cookie, {
      choices: ['flammable', 'Fragile'],
    });
    expect((await get(team.owner, 'ocean', ocean)).json().result[f.Hazards!]).toEqual(['flammable']);
    await call('DELETE', `/api/custom-fields/${f.Notes!}`, team.owner.cookie);
    expect((await get(team.owner, 'ocean', ocean)).json().result).toEqual({
      [f.Priority!]: 'Low',
      [f.Hazards!]: ['flammable'],
    });
    await ctx.pool.query('DELETE FROM ocean_shipments WHERE id = $1', [ocean]);
    const { rows } = await ctx.pool.query(
      'SELECT count(*)::int AS n FROM custom_field_values WHERE subscription_id = $1',
      [ocean],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('custom fields in the public API', () => {
  it('lists the fields and reads and writes values with a key; a read-only key cannot write', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const parcel = await addParcel(app, team);
    const keyOf = async (scope: string) =>
      (await call('POST', '/api/api-keys', team.owner.cookie, { name: `k ${scope}`, scope })).json().result
        .key as string;
    const rw = await keyOf('read_write');
    const ro = await keyOf('read');
    const withKey = (key: string, method: Method, url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      });
    const listed = (await withKey(ro, 'GET', '/api/v1/custom-fields')).json().result.fields;
    expect(listed.map((x: { name: string }) => x.name)).toContain('Hazards');
    const url = `/api/v1/shipments/express/${parcel}/custom-fields`;
    const written = await withKey(rw, 'PATCH', url, { values: { [f.Hazards!]: ['Fragile'] } });
    expect(written.statusCode, written.body).toBe(200);
    expect((await withKey(ro, 'GET', url)).json().result).toEqual({ [f.Hazards!]: ['Fragile'] });
    expect((await withKey(ro, 'PATCH', url, { values: { [f.Hazards!]: [] } })).statusCode).toBe(403);
    expect((await withKey(rw, 'PATCH', url, { values: { [f.Pallets!]: 'many' } })).statusCode).toBe(400);
  });
});
