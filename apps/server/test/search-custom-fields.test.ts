import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import type { Account } from './auth-helpers';
import { addMember, buildTeam, type Team } from './factories';
import { addOcean, addParcel, defineFields } from './support/custom-fields';

/** GET /api/search by references and custom field values (ADR 0048, 0051, 0055). */
const { app, ctx } = await useTestApp();

type Mode = 'ocean' | 'express';
interface Found {
  mode: Mode;
  shipmentId: string;
  workspace: { id: string };
  match: {
    field: string;
    value: string;
    exact: boolean;
    fieldName: string;
    customFieldId?: string;
    label: string;
  };
}

const search = async (account: Account, q: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}`,
    headers: { cookie: account.cookie },
  });
  expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
  return res.json().result as { items: Found[]; truncated: boolean };
};

const setValues = async (team: Team, mode: Mode, id: string, values: object) => {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/shipments/${mode}/${id}/custom-fields`,
    headers: { cookie: team.owner.cookie },
    payload: { values },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const setReferences = async (team: Team, mode: Mode, id: string, change: object) => {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/shipments/${mode}/${id}/references`,
    headers: { cookie: team.owner.cookie },
    payload: change,
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** Each test its own unique word, so that prefixes never meet another test's values (one database). */
let serial = 0;
const unique = (word: string) => `${word}${String(Date.now()).slice(-5)}${String(serial++)}`;

const FIELDS = [
  { name: 'Customer project', type: 'text' },
  { name: 'Portal', type: 'link' },
  { name: 'Lane', type: 'choice', choices: ['Asia Express', 'Atlantic'] },
  { name: 'Handling', type: 'multi_choice', choices: ['Fragile', 'Frozen'] },
  { name: 'Pallets', type: 'number' },
  { name: 'Booked on', type: 'date' },
];

describe('GET /api/search by custom field values', () => {
  it('finds both modes by the beginning of a text value, whatever its case, naming the field', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const word = unique('Alpha');
    const box = await addOcean(app, team);
    const parcel = await addParcel(app, team);
    await setValues(team, 'ocean', box, { [f['Customer project']!]: `${word} Rotterdam` });
    await setValues(team, 'express', parcel, { [f['Customer project']!]: `${word} Hamburg` });

    const { items } = await search(team.owner, word.toLowerCase());
    expect(items.map((r) => [r.mode, r.shipmentId]).sort()).toEqual(
      [
        ['express', parcel],
        ['ocean', box],
      ].sort(),
    );
    const oceanHit = items.find((r) => r.mode === 'ocean')!;
    expect(oceanHit.match).toEqual({
      field: 'customField',
      customFieldId: f['Customer project'],
      fieldName: 'Customer project',
      value: `${word} Rotterdam`,
      exact: false,
      label: `Customer project: ${word} Rotterdam`,
    });
    // The whole value is an exact match, ranked first.
    const exact = await search(team.owner, `${word} ROTTERDAM`);
    expect(exact.items.map((r) => [r.shipmentId, r.match.exact])).toEqual([[box, true]]);
  });

  it('finds link and choice values, never number or date values', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const [a, b, c] = [await addOcean(app, team), await addOcean(app, team), await addOcean(app, team)];
    const host = unique('portal');
    await setValues(team, 'ocean', a, { [f.Portal!]: `https://${host}.example.com/a` });
    await setValues(team, 'ocean', b, { [f.Lane!]: 'Asia Express' });
    await setValues(team, 'ocean', c, { [f.Handling!]: ['Fragile', 'Frozen'], [f.Pallets!]: 987654 });

    expect((await search(team.owner, `https://${host}`)).items).toMatchObject([
      { shipmentId: a, match: { field: 'customField', fieldName: 'Portal' } },
    ]);
    expect((await search(team.owner, 'asia exp')).items).toMatchObject([
      { shipmentId: b, match: { label: 'Lane: Asia Express' } },
    ]);
    // Both chosen values begin with "fr": the shipment once.
    const both = await search(team.owner, 'fr');
    expect(both.items.filter((r) => r.shipmentId === c)).toHaveLength(1);
    expect((await search(team.owner, 'frozen')).items).toMatchObject([
      { shipmentId: c, match: { value: 'Frozen', exact: true, label: 'Handling: Frozen' } },
    ]);
    expect((await search(team.owner, '987654')).items).toEqual([]);
  });

  it('finds references: a PO number whole, a customer reference and a booking by their beginning', async () => {
    const team = await buildTeam(app, ctx);
    const po = `45${String(Date.now()).slice(-8)}`;
    const box = await addOcean(app, team);
    const parcel = await addParcel(app, team);
    await setReferences(team, 'ocean', box, { poNumbers: [po], customerReference: unique('Cust') });
    await setReferences(team, 'express', parcel, { poNumbers: [po] });
    const { items } = await search(team.owner, po);
    expect(items.map((r) => r.shipmentId).sort()).toEqual([box, parcel].sort());
    expect(items[0]!.match).toMatchObject({ field: 'poNumber', fieldName: 'PO', label: `PO: ${po}` });
  });

  it('prefers a number or reference over a custom field value that also matches', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const box = await addOcean(app, team);
    const booking = unique('BKG');
    await setReferences(team, 'ocean', box, { bookingNumber: booking });
    await setValues(team, 'ocean', box, { [f['Customer project']!]: booking });
    expect((await search(team.owner, booking)).items).toMatchObject([
      { shipmentId: box, match: { field: 'bookingNumber', label: `Booking: ${booking}` } },
    ]);
  });

  it('answers at most 20 and says more matched', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, [{ name: 'Job', type: 'text' }]);
    const word = unique('Job');
    for (let i = 0; i < 22; i++)
      await setValues(team, 'ocean', await addOcean(app, team), { [f.Job!]: `${word}-${String(i)}` });
    const res = await search(team.owner, word);
    expect(res.items).toHaveLength(20);
    expect(res.truncated).toBe(true);
  });
});

describe('GET /api/search by custom field values: tenancy and access', () => {
  it('never matches another workspace’s values, even the same text', async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const word = unique('Shared');
    const mineFields = await defineFields(app, mine, [{ name: 'Project', type: 'text' }]);
    const theirFields = await defineFields(app, theirs, [{ name: 'Project', type: 'text' }]);
    const my = await addOcean(app, mine);
    const their = await addOcean(app, theirs);
    const theirParcel = await addParcel(app, theirs);
    await setValues(mine, 'ocean', my, { [mineFields.Project!]: word });
    await setValues(theirs, 'ocean', their, { [theirFields.Project!]: word });
    await setValues(theirs, 'express', theirParcel, { [theirFields.Project!]: `${word}x` });

    const { items } = await search(mine.owner, word);
    expect(items.map((r) => [r.shipmentId, r.workspace.id])).toEqual([[my, mine.defaultWorkspaceId]]);
    expect(items[0]!.match.customFieldId).toBe(mineFields.Project);
  });

  it('lets a view-only member find by field values, and not one who may not see shipments', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, [{ name: 'Project', type: 'text' }]);
    const box = await addOcean(app, team);
    const word = unique('Viewer');
    await setValues(team, 'ocean', box, { [f.Project!]: word });
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    expect((await search(viewer, word)).items.map((r) => r.shipmentId)).toEqual([box]);
    const blind = await addMember(app, ctx, team, { shipmentPermission: 2 });
    expect((await search(blind, word)).items).toEqual([]);
  });

  it('stops finding by a field once it is deleted', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, [{ name: 'Project', type: 'text' }]);
    const box = await addOcean(app, team);
    const word = unique('Gone');
    await setValues(team, 'ocean', box, { [f.Project!]: word });
    expect((await search(team.owner, word)).items).toHaveLength(1);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/custom-fields/${f.Project!}`,
      headers: { cookie: team.owner.cookie },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await search(team.owner, word)).items).toEqual([]);
  });
});

describe('GET /api/search by custom field values: hostile input', () => {
  it('takes %, _ and \\ literally', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, [{ name: 'Code', type: 'text' }]);
    const word = unique('Lit');
    const [percent, underscore, slash, plain] = [
      await addOcean(app, team),
      await addOcean(app, team),
      await addOcean(app, team),
      await addOcean(app, team),
    ];
    await setValues(team, 'ocean', percent, { [f.Code!]: `${word}%off` });
    await setValues(team, 'ocean', underscore, { [f.Code!]: `${word}_x` });
    await setValues(team, 'ocean', slash, { [f.Code!]: `${word}\\dir` });
    await setValues(team, 'ocean', plain, { [f.Code!]: `${word}abc` });

    const ids = async (q: string) => (await search(team.owner, q)).items.map((r) => r.shipmentId).sort();
    expect(await ids(`${word}%`)).toEqual([percent]);
    expect(await ids(`${word}_`)).toEqual([underscore]);
    expect(await ids(`${word}\\`)).toEqual([slash]);
    expect(await ids(`${word}`)).toEqual([percent, underscore, slash, plain].sort());
    for (const q of ['%%', '__', '\\\\', "%' OR 1=1 --"]) expect(await ids(q), q).toEqual([]);
  });

  it('answers a query that is too long with a 400, never a 5xx', async () => {
    const team = await buildTeam(app, ctx);
    for (const q of ['x'.repeat(61), '%'.repeat(3000)]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(q)}`,
        headers: { cookie: team.owner.cookie },
      });
      expect(res.statusCode, q.slice(0, 5)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    }
  });
});
