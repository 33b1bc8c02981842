import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shareLinks } from '../src/db/schema/sharing';
import { oceanShipments } from '../src/db/schema/tracking';
import { useTestApp } from './app';
import type { Account } from './auth-helpers';
import { addMember, buildTeam, type Team } from './factories';
import { addOcean, addParcel, defineFields } from './support/custom-fields';

/**
 * Public share links show the workspace's references and custom field values only where the sharer
 * ticked the option (ADR 0055): stored on the link, off for links made before it.
 */
const { app, ctx } = await useTestApp();

type Mode = 'ocean' | 'express';
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, account: Account | null, payload?: object) =>
  app.inject({
    method,
    url,
    headers: account ? { cookie: account.cookie } : {},
    ...(payload ? { payload } : {}),
  });

const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)])
      : [];

/** A shipment of `mode` with a booking, a PO, a shipper and two field values. */
async function describedShipment(team: Team, mode: Mode, fields: Record<string, string>) {
  const id = mode === 'ocean' ? await addOcean(app, team) : await addParcel(app, team);
  const company = await call('POST', '/api/companies', team.owner, {
    name: `Shipper ${mode} ${id.slice(0, 6)}`,
  });
  expect(company.statusCode, company.body).toBe(200);
  const refs = await call('PATCH', `/api/shipments/${mode}/${id}/references`, team.owner, {
    bookingNumber: `BKG-${mode}-SECRET`,
    customerReference: 'CUST-REF-SECRET',
    poNumbers: ['4500012345'],
    shipperId: company.json().result.id,
  });
  expect(refs.statusCode, refs.body).toBe(200);
  const values = await call('PATCH', `/api/shipments/${mode}/${id}/custom-fields`, team.owner, {
    values: { [fields.Project!]: 'Alpha secret', [fields.Pallets!]: 12 },
  });
  expect(values.statusCode, values.body).toBe(200);
  return { id, shipper: company.json().result.name as string };
}

async function link(account: Account, mode: Mode, ids: string[], extra: object = {}) {
  const res = await call('POST', '/api/share-links', account, {
    shipmentType: mode,
    shipmentIds: ids,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; token: string; includeReferences: boolean };
}

/** The container and bill of an ocean shipment, as a share names it. */
async function numbersOf(id: string) {
  const [row] = await ctx.db
    .select({ containerNo: oceanShipments.containerNo, mblNo: oceanShipments.mblNo })
    .from(oceanShipments)
    .where(eq(oceanShipments.id, id));
  return row!;
}

const publicPage = async (token: string) => {
  const res = await call('GET', `/api/share/${token}`, null);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

const FIELDS = [
  { name: 'Project', type: 'text' },
  { name: 'Internal note', type: 'text' },
  { name: 'Pallets', type: 'number' },
];

describe('public share links: references and custom fields', () => {
  for (const mode of ['ocean', 'express'] as const) {
    it(`shows neither without the option (${mode}): no key, no value`, async () => {
      const team = await buildTeam(app, ctx);
      const f = await defineFields(app, team, FIELDS);
      const { id, shipper } = await describedShipment(team, mode, f);
      const made = await link(team.owner, mode, [id]);
      expect(made.includeReferences).toBe(false);
      const res = await publicPage(made.token);
      const keys = keysOf(res.json());
      for (const key of ['references', 'customFields', 'poNumbers', 'bookingNumber', 'parties'])
        expect(keys).not.toContain(key);
      for (const text of ['SECRET', '4500012345', 'Alpha secret', shipper, 'Project'])
        expect(res.body).not.toContain(text);
      // Said false explicitly: the same.
      const explicit = await link(team.owner, mode, [id], { includeReferences: false });
      expect(keysOf((await publicPage(explicit.token)).json())).not.toContain('customFields');
    });

    it(`shows them when the sharer ticked the option (${mode})`, async () => {
      const team = await buildTeam(app, ctx);
      const f = await defineFields(app, team, FIELDS);
      const { id, shipper } = await describedShipment(team, mode, f);
      const made = await link(team.owner, mode, [id], { includeReferences: true });
      expect(made.includeReferences).toBe(true);
      const [shipment] = (await publicPage(made.token)).json().result.shipments;
      expect(shipment.references).toEqual({
        bookingNumber: `BKG-${mode}-SECRET`,
        customerReference: 'CUST-REF-SECRET',
        poNumbers: ['4500012345'],
        parties: [{ role: 'shipper', name: shipper }],
      });
      // In the workspace's order, fields without a value left out; no field id leaves.
      expect(shipment.customFields).toEqual([
        { name: 'Project', type: 'text', value: 'Alpha secret' },
        { name: 'Pallets', type: 'number', value: 12 },
      ]);
      expect(JSON.stringify(shipment)).not.toContain(f.Project!);
      // The link's list says which links show them.
      const listed = await call('GET', `/api/share-links?shipmentType=${mode}&shipmentId=${id}`, team.owner);
      expect(
        listed
          .json()
          .result.map((l: { id: string; includeReferences: boolean }) => [l.id, l.includeReferences]),
      ).toEqual([[made.id, true]]);
    });
  }

  it('shows only the link workspace’s values, never another workspace following the same container', async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const mineFields = await defineFields(app, mine, FIELDS);
    const theirFields = await defineFields(app, theirs, [{ name: 'Their secret', type: 'text' }]);
    const { id } = await describedShipment(mine, 'ocean', mineFields);
    const { containerNo, mblNo } = await numbersOf(id);
    const same = await call('POST', '/api/shipments/ocean', theirs.owner, {
      items: [{ containerNo, mblNo }],
    });
    const theirId = same.json().result[0].shipmentOverallId as string;
    await call('PATCH', `/api/shipments/ocean/${theirId}/custom-fields`, theirs.owner, {
      values: { [theirFields['Their secret']!]: 'Not yours' },
    });
    await call('PATCH', `/api/shipments/ocean/${theirId}/references`, theirs.owner, {
      poNumbers: ['THEIRPO1'],
    });
    const made = await link(mine.owner, 'ocean', [id], { includeReferences: true });
    const res = await publicPage(made.token);
    expect(res.body).not.toContain('Not yours');
    expect(res.body).not.toContain('Their secret');
    expect(res.body).not.toContain('THEIRPO1');
    expect(res.json().result.shipments[0].references.poNumbers).toEqual(['4500012345']);
  });

  it('keeps links made before the option to not showing them', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const { id } = await describedShipment(team, 'ocean', f);
    const made = await link(team.owner, 'ocean', [id]);
    // What the migration gives every existing row: the column's default.
    const { rows } = await ctx.pool.query<{ d: string }>(
      `SELECT column_default AS d FROM information_schema.columns WHERE table_name = 'share_links' AND column_name = 'include_references'`,
    );
    expect(rows[0]!.d).toBe('false');
    const [stored] = await ctx.db.select().from(shareLinks).where(eq(shareLinks.id, made.id));
    expect(stored!.includeReferences).toBe(false);
  });

  it('refuses the option from a view-only member and another workspace’s shipments; bad input is a 400', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const { id } = await describedShipment(team, 'ocean', f);
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const body = { shipmentType: 'ocean', shipmentIds: [id], includeReferences: true };
    expect((await call('POST', '/api/share-links', viewer, body)).statusCode).toBe(403);
    const other = await buildTeam(app, ctx);
    expect((await call('POST', '/api/share-links', other.owner, body)).statusCode).toBe(404);
    for (const includeReferences of ['yes', 1, null, { a: 1 }]) {
      const res = await call('POST', '/api/share-links', team.owner, { ...body, includeReferences });
      expect(res.statusCode, JSON.stringify(includeReferences)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    }
  });

  it('never gives references or custom fields to people a shipment is shared with', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, FIELDS);
    const { id } = await describedShipment(team, 'ocean', f);
    const detail = await numbersOf(id);
    const recipient = await buildTeam(app, ctx);
    const shared = await call('POST', '/api/shares', team.owner, {
      shipmentType: 'ocean',
      shipments: [{ containerNo: detail.containerNo, mblNo: detail.mblNo }],
      emails: [recipient.owner.email],
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const history = await call('GET', '/api/shipment-history/ocean/shared-history', recipient.owner);
    const overallId = history.json().result.rows[0].overallId as string;
    const res = await call(
      'GET',
      `/api/shipment-history/ocean/shared-history/details/${overallId}`,
      recipient.owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.ocean.containerNo).toBe(detail.containerNo);
    expect(keysOf(res.json())).not.toContain('customFields');
    expect(keysOf(res.json())).not.toContain('references');
    for (const text of ['Alpha secret', '4500012345', 'SECRET']) expect(res.body).not.toContain(text);
  });
});
