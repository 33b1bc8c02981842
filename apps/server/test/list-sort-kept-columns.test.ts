import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { expressListQuerySchema } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { oceanListQuerySchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { companies, customFieldValues, expressShipments, oceanShipments } from '../src/db/schema';
import { encodeCursor, type KeysetSort } from '../src/lib/keyset-cursor';
import {
  customListConditions,
  updateShipmentCustomValues,
} from '../src/modules/custom-fields/custom-field-values.service';
import { updateCustomField } from '../src/modules/custom-fields/custom-fields.service';
import {
  expressListQuery,
  expressListSort,
} from '../src/modules/express-shipments/express-shipments.service';
import { oceanListQuery, oceanListSort } from '../src/modules/ocean-shipments/ocean-shipments.service';
import { createCompany, deleteCompany, renameCompany } from '../src/modules/references/companies.service';
import { updateShipmentReferences } from '../src/modules/references/references.service';
import type { SubscriptionTable } from '../src/modules/tracking/tracking-mode';
import { buildTeam, type Team } from './factories';
import { usePublicApiApp } from './support/public-api';
import { addOcean, addParcel, defineFields } from './support/custom-fields';

/*
 * A list sorted by a multiple choice, the PO numbers or a party reads its page from an index of a value
 * the database keeps (migration 0040: the joined choices, the PO numbers joined, the company's name):
 * its pages are the ones the list gave computing every row's value from the shipment's own rows (the
 * choices joined, the array joined, the company looked up), with ties, rows without a value, both
 * directions, both modes, the list's other conditions, and another workspace's rows; and a rename or
 * an edit of what the value comes from moves the row.
 */

const { app, ctx } = await usePublicApiApp();

type Mode = 'ocean' | 'express';
const MODES: Mode[] = ['ocean', 'express'];
const ROWS = 14;
const TEAMS = ['Red', 'Green', 'Blue'];
/** Two names alike in their first 100 characters: the same sort value, ordered by the shipment's id. */
const LONG = 'L'.repeat(100);
const COMPANIES = ['Acme', 'beta', 'Cargo', `${LONG} one`, `${LONG} two`];

const tableOf = (mode: Mode) => (mode === 'ocean' ? oceanShipments : expressShipments);

/** Row i's references and choices: few distinct ones (ties), some rows without. */
const valuesOf = (i: number, salt: number) => ({
  teams: i % 5 === 0 ? null : TEAMS.filter((_, k) => ((i + salt) >> k) % 2 === 1 || (i + salt) % 7 === k),
  poNumbers: i % 4 === 2 ? [] : i % 3 === 0 ? [`PO${String((i + salt) % 3)}`, 'PO9'] : [`PO${String(i % 2)}`],
  shipper: i % 3 === 2 ? null : (i + salt) % COMPANIES.length,
  consignee: i % 4 === 1 ? null : (i * 3 + salt) % COMPANIES.length,
  customer: i % 2 === 0 ? null : (i + salt) % 2,
  forwarder: i % 5 === 4 ? null : (i * 7 + salt) % 3,
});

/** A team with ROWS shipments of the mode, written through the services (references, values), 3 archived. */
async function seeded(salt: number, mode: Mode) {
  const team = await buildTeam(app, ctx);
  const workspaceId = team.defaultWorkspaceId;
  const f = await defineFields(app, team, [
    { name: 'Teams', type: 'multi_choice', choices: TEAMS },
    { name: 'Ref', type: 'text' },
  ]);
  const company: string[] = [];
  for (const name of COMPANIES) company.push((await createCompany(ctx.db, workspaceId, name)).id);
  const ids: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const id = await (mode === 'ocean' ? addOcean : addParcel)(app, team);
    ids.push(id);
    const v = valuesOf(i, salt);
    const party = (n: number | null) => (n === null ? undefined : company[n]);
    await updateShipmentReferences(ctx.db, workspaceId, mode, id, {
      poNumbers: v.poNumbers,
      shipperId: party(v.shipper),
      consigneeId: party(v.consignee),
      customerId: party(v.customer),
      forwarderId: party(v.forwarder),
    });
    await updateShipmentCustomValues(ctx.db, workspaceId, mode, id, {
      [f.Teams!]: v.teams,
      [f.Ref!]: i % 3 === 0 ? null : `R${String(i % 2)}`,
    });
  }
  const table = tableOf(mode);
  await ctx.db
    .update(table)
    .set({ archived: true })
    .where(inArray(table.id, ids.slice(0, 3)));
  return { team, f, ids, company };
}

/**
 * The value as lists computed it per row before it was kept: the choices joined from the values'
 * rows, the PO numbers joined, the party's company looked up.
 */
function computed(table: SubscriptionTable, mode: Mode, sort: string, teamsField: string): SQL {
  const cut = (text: SQL) => sql`left(${text}, 100)`;
  const party = (column: AnyPgColumn) =>
    sql`(SELECT ${cut(sql`${companies.name}`)} FROM ${companies} WHERE ${companies.id} = ${column})`;
  const v = customFieldValues;
  if (sort === 'cf')
    return sql`(SELECT ${cut(sql`string_agg(${v.textValue}, ', ' ORDER BY ${v.ordinal})`)} FROM ${v} WHERE ${v.fieldId} = ${teamsField} AND ${v.mode} = ${mode} AND ${v.subscriptionId} = ${table.id})`;
  switch (sort) {
    case 'ref.po_numbers':
      return cut(sql`NULLIF(array_to_string(${table.poNumbers}, ', '), '')`);
    case 'ref.shipper':
      return party(table.shipperId);
    case 'ref.consignee':
      return party(table.consigneeId);
    case 'ref.customer':
      return party(table.customerId);
    case 'ref.forwarder':
      return party(table.forwarderId);
  }
  throw new Error(sort);
}

/**
 * Every page of the list, 3 rows at a time: its sort as resolved (walking its index), or `old`, the
 * same sort with the value computed per row and no walk.
 */
async function pages(team: Team, mode: Mode, params: Record<string, string>, old?: SQL) {
  const workspaceId = team.defaultWorkspaceId;
  const reader = { workspaceId, userId: team.owner.userId };
  const table = tableOf(mode);
  const out: string[] = [];
  let cursor: string | undefined;
  let count = 0;
  do {
    const raw = { ...params, limit: '3', ...(cursor ? { cursor } : {}) };
    const query = (mode === 'ocean' ? oceanListQuerySchema : expressListQuerySchema).parse(raw);
    const { filters } = await customListConditions(ctx.db, workspaceId, table, query.cf, undefined);
    const resolved = await (mode === 'ocean' ? oceanListSort : expressListSort)(
      ctx.db,
      workspaceId,
      query.sort as never,
    );
    expect(resolved.walk, params.sort).toBeDefined();
    const sort: KeysetSort = old ? { ...resolved, value: old, walk: undefined } : resolved;
    const rows =
      mode === 'ocean'
        ? await oceanListQuery(ctx.db, reader, query as never, new Date(), filters, sort).query
        : await expressListQuery(ctx.db, reader, query as never, new Date(), filters, sort).query;
    const page = rows.slice(0, 3);
    out.push(...page.map((r) => r.s.id));
    const last = page.at(-1);
    cursor =
      rows.length > 3 && last
        ? encodeCursor(last.o.sortValue as string | null, last.s.id, sort.name)
        : undefined;
    count++;
    expect(count).toBeLessThan(ROWS);
  } while (cursor);
  return { ids: out, pages: count };
}

const SORTS = ['cf', 'ref.po_numbers', 'ref.shipper', 'ref.consignee', 'ref.customer', 'ref.forwarder'];

/** The walked pages equal the computed ones for every sort, both ways, over these list variants. */
async function expectSamePages(
  team: Team,
  mode: Mode,
  f: Record<string, string>,
  own: Set<string>,
  variants: Record<string, string>[],
) {
  for (const s of SORTS)
    for (const direction of ['asc', 'desc'])
      for (const variant of variants) {
        const sort = s === 'cf' ? `cf.${f.Teams!}` : s;
        const params = { ...variant, sort: `${sort}.${direction}` };
        const label = `${mode} ${JSON.stringify(params)}`;
        const walked = await pages(team, mode, params);
        const old = await pages(team, mode, params, computed(tableOf(mode), mode, s, f.Teams!));
        expect(walked.ids, label).toEqual(old.ids);
        expect(new Set(walked.ids).size, label).toBe(walked.ids.length);
        expect(
          walked.ids.filter((id) => !own.has(id)),
          label,
        ).toEqual([]);
        if (!Object.keys(variant).length) {
          // The active tab: every active row once, over at least three pages.
          expect(walked.ids.length, label).toBe(ROWS - 3);
          expect(walked.pages, label).toBeGreaterThanOrEqual(3);
        }
      }
}

describe('a list sorted by a kept column', () => {
  it.each(MODES)(
    '%s: gives the pages of the value computed per row, both ways, for its own workspace',
    async (mode) => {
      const mine = await seeded(0, mode);
      // Another workspace with shipments, companies and values in the same shapes, its own.
      const theirs = await seeded(1, mode);
      const own = new Set(mine.ids);
      const { f } = mine;
      await expectSamePages(mine.team, mode, f, own, [
        {},
        { status: 'archived' },
        { cf: `${f.Teams!}:Red,Blue` },
        { cf: `${f.Ref!}:R1` },
      ]);
      const other = await pages(theirs.team, mode, { sort: 'ref.shipper.desc' });
      expect(other.ids).toEqual(
        (
          await pages(
            theirs.team,
            mode,
            { sort: 'ref.shipper.desc' },
            computed(tableOf(mode), mode, 'ref.shipper', theirs.f.Teams!),
          )
        ).ids,
      );
      expect(other.ids.filter((id) => own.has(id))).toEqual([]);
      expect(other.ids).toHaveLength(ROWS - 3);
    },
    300_000,
  );

  it.each(MODES)(
    '%s: a rename or an edit of what the value comes from moves the row',
    async (mode) => {
      const { team, f, ids, company } = await seeded(0, mode);
      const workspaceId = team.defaultWorkspaceId;
      const table = tableOf(mode);
      const active = ids.slice(3);
      const own = new Set(ids);
      const order = async (sort: string) => (await pages(team, mode, { sort })).ids;
      /** The active rows with a value of `column`: where the rows without one begin. */
      const valued = async (column: SQL) =>
        (
          await ctx.db
            .select({ id: table.id })
            .from(table)
            .where(and(inArray(table.id, active), sql`${column} IS NOT NULL`))
        ).length;

      // A company renamed: the shipments naming it as shipper go from first to last of those with one.
      const acme = company[0]!;
      const namingAcme = (
        await ctx.db
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.shipperId, acme), inArray(table.id, active)))
      )
        .map((r) => r.id)
        .sort();
      expect(namingAcme.length).toBeGreaterThan(0);
      const withShipper = await valued(sql`${table.shipperId}`);
      expect((await order('ref.shipper.asc')).slice(0, namingAcme.length).sort()).toEqual(namingAcme);
      await renameCompany(ctx.db, workspaceId, acme, 'zzz Freight');
      expect(
        (await order('ref.shipper.asc')).slice(withShipper - namingAcme.length, withShipper).sort(),
      ).toEqual(namingAcme);
      // Deleted: its shipments have no shipper, after every one that has.
      await deleteCompany(ctx.db, workspaceId, acme);
      expect((await order('ref.shipper.desc')).slice(withShipper - namingAcme.length).sort()).toEqual(
        [...namingAcme, ...active.filter((_, k) => (k + 3) % 3 === 2)].sort(),
      );

      // A shipment's PO numbers edited to sort first, then cleared: among the rows without.
      const row = active.find((id) => !namingAcme.includes(id))!;
      await updateShipmentReferences(ctx.db, workspaceId, mode, row, { poNumbers: ['AAA', 'B'] });
      expect((await order('ref.po_numbers.asc'))[0]).toBe(row);
      await updateShipmentReferences(ctx.db, workspaceId, mode, row, { poNumbers: [] });
      const withPo = await valued(sql`cardinality(${table.poNumbers}) > 0 OR NULL`);
      expect((await order('ref.po_numbers.asc')).indexOf(row)).toBeGreaterThanOrEqual(withPo);

      // Another company named: the row follows that company's name (the last, descending first).
      const last = await createCompany(ctx.db, workspaceId, 'zzzz Lines');
      await updateShipmentReferences(ctx.db, workspaceId, mode, row, { shipperId: last.id });
      expect((await order('ref.shipper.desc'))[0]).toBe(row);

      // A shipment's choices edited to one of its own: first descending.
      const teams = `cf.${f.Teams!}`;
      await updateCustomField(ctx.db, workspaceId, f.Teams!, { choices: [...TEAMS, 'zinc'] });
      await updateShipmentCustomValues(ctx.db, workspaceId, mode, row, { [f.Teams!]: ['Green', 'zinc'] });
      const joined = async () =>
        (
          await ctx.db
            .select({ joined: customFieldValues.joinedChoices })
            .from(customFieldValues)
            .where(
              and(
                eq(customFieldValues.fieldId, f.Teams!),
                eq(customFieldValues.subscriptionId, row),
                sql`${customFieldValues.joinedChoices} IS NOT NULL`,
              ),
            )
        ).map((r) => r.joined);
      expect(await joined()).toEqual(['Green, zinc']);
      // A choice removed: the joined text loses it, the row moves.
      await updateCustomField(ctx.db, workspaceId, f.Teams!, { choices: ['Red', 'Blue', 'zinc'] });
      expect(await joined()).toEqual(['zinc']);
      expect((await order(`${teams}.desc`))[0]).toBe(row);
      // A choice renamed (its case): the joined text follows it.
      await updateCustomField(ctx.db, workspaceId, f.Teams!, { choices: ['Red', 'Blue', 'ZINC'] });
      expect(await joined()).toEqual(['ZINC']);
      expect((await order(`${teams}.desc`))[0]).toBe(row);
      // Its last choice removed: no value, among the rows without one.
      await updateCustomField(ctx.db, workspaceId, f.Teams!, { choices: ['Red', 'Blue'] });
      expect(await joined()).toEqual([]);
      const withTeams = await valued(
        sql`(SELECT ${customFieldValues.joinedChoices} FROM ${customFieldValues} WHERE ${customFieldValues.fieldId} = ${f.Teams!} AND ${customFieldValues.subscriptionId} = ${table.id} AND ${customFieldValues.joinedChoices} IS NOT NULL)`,
      );
      expect((await order(`${teams}.desc`)).indexOf(row)).toBeGreaterThanOrEqual(withTeams);

      // After every change, the walked pages are still the computed ones.
      await expectSamePages(team, mode, f, own, [{}, { status: 'archived' }]);
    },
    300_000,
  );
});
