import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { defineFields } from './support/custom-fields';
import { buildTeam, containerNo, mbl, type Team } from './factories';

const { app, ctx } = await useTestApp();

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, cookie: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { cookie },
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

let parcelSerial = 0;
const parcelNo = () => `CFI${String(Date.now()).slice(-6)}${String(parcelSerial++).padStart(3, '0')}`;

const addOceanRows = (team: Team, items: object[]) =>
  call('POST', '/api/shipments/ocean', team.owner.cookie, { items });
const addParcelRows = (team: Team, items: object[]) =>
  call('POST', '/api/shipments/express', team.owner.cookie, { items });
const valuesOf = async (team: Team, mode: 'ocean' | 'express', id: string) =>
  (await call('GET', `/api/shipments/${mode}/${id}/custom-fields`, team.owner.cookie)).json().result;

/** How many shipments and stored values the team's workspace holds. */
async function counts(team: Team) {
  const { rows } = await ctx.pool.query(
    `SELECT (SELECT count(*) FROM ocean_shipments WHERE workspace_id = $1)::int AS ocean,
            (SELECT count(*) FROM express_shipments WHERE workspace_id = $1)::int AS express,
            (SELECT count(*) FROM custom_field_values WHERE workspace_id = $1)::int AS "values"`,
    [team.defaultWorkspaceId],
  );
  return rows[0] as { ocean: number; express: number; values: number };
}

describe('custom field values given as shipments are added', () => {
  it('sets values of every type on new and already tracked shipments of both modes; empty ones change nothing', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const fresh = { containerNo: containerNo(), mblNo: mbl() };
    const first = await addOceanRows(team, [
      {
        ...fresh,
        customFields: {
          [f.Notes!]: '  Keep   dry ',
          [f.Pallets!]: '12.5',
          [f['Booked on']!]: '2026-02-28',
          [f.Priority!]: 'urgent',
          [f.Hazards!]: 'toxic; Flammable',
          [f.Portal!]: 'https://portal.example.com/b/1',
        },
      },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const [created] = first.json().result;
    expect(created.outcome).toBe('created');
    expect(await valuesOf(team, 'ocean', created.shipmentOverallId)).toEqual({
      [f.Notes!]: 'Keep dry',
      [f.Pallets!]: 12.5,
      [f['Booked on']!]: '2026-02-28',
      [f.Priority!]: 'Urgent',
      [f.Hazards!]: ['Flammable', 'Toxic'],
      [f.Portal!]: 'https://portal.example.com/b/1',
    });

    // The same container again: the values given change, empty ones (the required one too) are kept.
    const again = await addOceanRows(team, [
      {
        ...fresh,
        customFields: { [f.Pallets!]: 3, [f.Priority!]: '', [f.Hazards!]: [], [f.Notes!]: null },
      },
    ]);
    expect(again.json().result[0]).toMatchObject({
      outcome: 'already_tracked',
      shipmentOverallId: created.shipmentOverallId,
    });
    expect(await valuesOf(team, 'ocean', created.shipmentOverallId)).toMatchObject({
      [f.Notes!]: 'Keep dry',
      [f.Pallets!]: 3,
      [f.Priority!]: 'Urgent',
      [f.Hazards!]: ['Flammable', 'Toxic'],
    });

    // A required field left out of a row is not asked for: it is enforced on edit (never cleared).
    const parcel = await addParcelRows(team, [
      {
        trackingNo: parcelNo(),
        carrier: 'gls',
        customFields: { [f.Hazards!]: ['Fragile'], [f.Pallets!]: 0 },
      },
    ]);
    expect(parcel.statusCode, parcel.body).toBe(200);
    const [parcelRow] = parcel.json().result;
    expect(parcelRow.outcome).toBe('created');
    expect(await valuesOf(team, 'express', parcelRow.expressOrderId)).toEqual({
      [f.Hazards!]: ['Fragile'],
      [f.Pallets!]: 0,
    });
  });

  it('refuses a row with a bad value of any type with the field’s name, adding the other rows', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const bad = [
      [{ [f.Notes!]: 'a\nb' }, 'Notes: A text value is one line'],
      [{ [f.Notes!]: 'x'.repeat(501) }, 'Notes: A text value is one line of at most 500'],
      [{ [f.Pallets!]: 'many' }, 'Pallets: A number value is a finite number.'],
      [{ [f['Booked on']!]: '31/02/2026' }, 'Booked on: A date value is a day written YYYY-MM-DD.'],
      [{ [f.Priority!]: 'Medium' }, 'Priority: The value must be one of the field’s choices.'],
      [{ [f.Hazards!]: 'Toxic; Sharp' }, 'Hazards: The value must be one of the field’s choices.'],
      [{ [f.Portal!]: 'javascript:alert(1)' }, 'Portal: A link is an http or https address'],
    ] as const;
    const good = { containerNo: containerNo(), mblNo: mbl(), customFields: { [f.Priority!]: 'Low' } };
    const res = await addOceanRows(team, [
      ...bad.map(([customFields]) => ({ containerNo: containerNo(), mblNo: mbl(), customFields })),
      good,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const outcomes = res.json().result as { outcome: string; message: string; shipmentOverallId: string }[];
    bad.forEach(([, message], i) => {
      expect(outcomes[i]).toMatchObject({ outcome: 'refused', shipmentOverallId: null });
      expect(outcomes[i]!.message).toContain(message);
    });
    const added = outcomes[bad.length]!;
    expect(added.outcome).toBe('created');
    expect(await valuesOf(team, 'ocean', added.shipmentOverallId)).toEqual({ [f.Priority!]: 'Low' });
    // Nothing of a refused row was kept: one shipment, one value.
    expect(await counts(team)).toEqual({ ocean: 1, express: 0, values: 1 });

    const parcels = await addParcelRows(team, [
      { trackingNo: parcelNo(), carrier: 'gls', customFields: { [f.Pallets!]: 'x' } },
      { trackingNo: parcelNo(), carrier: 'gls', customFields: { [f.Pallets!]: '7' } },
    ]);
    const [refused, ok] = parcels.json().result;
    expect(refused).toMatchObject({ outcome: 'refused', expressOrderId: null, carrier: 'gls' });
    expect(refused.message).toContain('Pallets: A number value');
    expect(await valuesOf(team, 'express', ok.expressOrderId)).toEqual({ [f.Pallets!]: 7 });
  });

  it('refuses a row naming another workspace’s field or no field, and a bill alone with values', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const theirs = await defineFields(app, other, [{ name: 'Notes', type: 'text' }]);
    const res = await addOceanRows(team, [
      { containerNo: containerNo(), mblNo: mbl(), customFields: { [theirs.Notes!]: 'x' } },
      { containerNo: containerNo(), mblNo: mbl(), customFields: { [randomUUID()]: 'x' } },
      { containerNo: containerNo(), mblNo: mbl(), customFields: { 'not-a-field': 'x', [f.Notes!]: 'y' } },
      { mblNo: 'MEDU7788990', customFields: { [f.Notes!]: 'x' } },
      // An empty value given with a bill holds nothing: the bill is followed as any other.
      { mblNo: 'MEDU7788991', customFields: { [f.Notes!]: '' } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const outcomes = res.json().result;
    for (const outcome of outcomes.slice(0, 3))
      expect(outcome).toMatchObject({
        outcome: 'refused',
        message: 'That custom field is not in this workspace.',
      });
    expect(outcomes[3]).toMatchObject({
      kind: 'bill',
      outcome: 'refused',
      message: expect.stringContaining('Custom field values are kept on containers'),
    });
    expect(outcomes[4]).toMatchObject({ kind: 'bill', outcome: 'created' });
    expect(await counts(team)).toMatchObject({ ocean: 0, values: 0 });
    // Their field holds no value of ours.
    const { rows } = await ctx.pool.query(
      'SELECT count(*)::int AS n FROM custom_field_values WHERE field_id = $1',
      [theirs.Notes],
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses a body whose values are not an object or name too many fields with a 400, adding nothing', async () => {
    const team = await buildTeam(app, ctx);
    const notObject = await addParcelRows(team, [
      { trackingNo: parcelNo(), carrier: 'gls', customFields: ['x'] },
    ]);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 51 }, () => [randomUUID(), 'x']));
    const tooMany = await addOceanRows(team, [
      { containerNo: containerNo(), mblNo: mbl(), customFields: many },
    ]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('at most 50 fields');
    expect(await counts(team)).toEqual({ ocean: 0, express: 0, values: 0 });
  });

  it('writes a row’s values in its shipment’s transaction: a failed write leaves no shipment', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, [{ name: 'Notes', type: 'text' }]);
    const poison = `poison-${randomUUID()}`;
    // The values table refuses this one text: the intake fails after its shipments were followed.
    await ctx.pool.query(`
      CREATE OR REPLACE FUNCTION cf_intake_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.text_value = '${poison}' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER cf_intake_test_refuse BEFORE INSERT ON custom_field_values
        FOR EACH ROW EXECUTE FUNCTION cf_intake_test_refuse();
    `);
    try {
      const res = await addOceanRows(team, [
        { containerNo: containerNo(), mblNo: mbl(), customFields: { [f.Notes!]: 'fine' } },
        { containerNo: containerNo(), mblNo: mbl(), customFields: { [f.Notes!]: poison } },
      ]);
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.pool.query(`
        DROP TRIGGER cf_intake_test_refuse ON custom_field_values;
        DROP FUNCTION cf_intake_test_refuse();
      `);
    }
    expect(await counts(team)).toEqual({ ocean: 0, express: 0, values: 0 });
  });
});

describe('custom field values through the public API’s intake', () => {
  it('are set per row with a key on both modes, a bad one refusing its row', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const key = (
      await call('POST', '/api/api-keys', team.owner.cookie, { name: 'intake', scope: 'read_write' })
    ).json().result.key as string;
    const withKey = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${key}` }, payload });
    const ocean = await withKey('/api/v1/shipments/ocean', {
      items: [
        { containerNo: containerNo(), mblNo: mbl(), customFields: { [f['Booked on']!]: '2026-03-01' } },
        { containerNo: containerNo(), mblNo: mbl(), customFields: { [f['Booked on']!]: '01.03.2026' } },
      ],
    });
    expect(ocean.statusCode, ocean.body).toBe(200);
    const [set, refused] = ocean.json().result;
    expect(set.outcome).toBe('created');
    expect(refused).toMatchObject({ outcome: 'refused', message: expect.stringContaining('Booked on:') });
    expect(await valuesOf(team, 'ocean', set.shipmentOverallId)).toEqual({ [f['Booked on']!]: '2026-03-01' });
    const parcel = await withKey('/api/v1/shipments/express', {
      items: [
        { trackingNo: parcelNo(), carrier: 'gls', customFields: { [f.Portal!]: 'https://a.example/x' } },
      ],
    });
    expect(parcel.statusCode, parcel.body).toBe(200);
    expect(await valuesOf(team, 'express', parcel.json().result[0].expressOrderId)).toEqual({
      [f.Portal!]: 'https://a.example/x',
    });
  });
});
