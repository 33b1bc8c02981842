import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expressListQuerySchema } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { oceanListQuerySchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { customFieldValues, expressShipments, oceanShipments } from '../src/db/schema';
import { encodeCursor, type KeysetSort } from '../src/lib/keyset-cursor';
import { customListConditions } from '../src/modules/custom-fields/custom-field-values.service';
import {
  expressListQuery,
  expressListSort,
} from '../src/modules/express-shipments/express-shipments.service';
import { oceanListQuery, oceanListSort } from '../src/modules/ocean-shipments/ocean-shipments.service';
import { buildTeam, type Team } from './factories';
import { usePublicApiApp } from './support/public-api';
import { addOcean, addParcel, defineFields } from './support/custom-fields';

/*
 * A list sorted by a column an index serves reads its page's ids from the index (walkedPage): its
 * pages are the ones the list gives computing every row's value (the sort without its walk), with
 * ties, rows without a value, both directions, both modes, the list's other conditions, and another
 * workspace's rows with values of its own.
 */

const { app, ctx } = await usePublicApiApp();

type Mode = 'ocean' | 'express';
const MODES: Mode[] = ['ocean', 'express'];
const ROWS = 14;

const FIELDS = [
  { name: 'Ref', type: 'text' },
  { name: 'Pallets', type: 'number' },
  { name: 'Booked on', type: 'date' },
  { name: 'Priority', type: 'choice', choices: ['Low', 'High', 'Urgent'] },
];

/** Row i's values: few distinct ones (ties), some rows without (null). */
const valuesOf = (i: number, salt: number) => ({
  Ref: i % 5 === 0 ? null : `R${String((i + salt) % 3)}`,
  Pallets: i % 4 === 1 ? null : ((i * 7 + salt) % 4) - 1.5,
  'Booked on': i % 3 === 2 ? null : `2026-0${String(((i + salt) % 3) + 1)}-15`,
  Priority: i % 6 === 3 ? null : ['Low', 'High', 'Urgent'][(i + salt) % 3]!,
  booking: i % 4 === 2 ? null : `BK${String((i * 5 + salt) % 4)}`,
  customerReference: i % 3 === 0 ? null : `CR${String(i % 2)}`,
});

/** A team with ROWS shipments of the mode carrying the values above directly in their tables, 3 archived. */
async function seeded(salt: number, only: Mode) {
  const team = await buildTeam(app, ctx);
  const workspaceId = team.defaultWorkspaceId;
  const f = await defineFields(app, team, FIELDS);
  const ids: Record<Mode, string[]> = { ocean: [], express: [] };
  for (const mode of [only]) {
    const table = mode === 'ocean' ? oceanShipments : expressShipments;
    for (let i = 0; i < ROWS; i++) {
      const id = await (mode === 'ocean' ? addOcean : addParcel)(app, team);
      ids[mode].push(id);
      const v = valuesOf(i, salt);
      const base = { workspaceId, mode, subscriptionId: id } as const;
      const rows = [
        v.Ref === null ? null : { ...base, fieldId: f.Ref!, textValue: v.Ref },
        v.Pallets === null ? null : { ...base, fieldId: f.Pallets!, numberValue: v.Pallets },
        v['Booked on'] === null ? null : { ...base, fieldId: f['Booked on']!, dateValue: v['Booked on'] },
        v.Priority === null ? null : { ...base, fieldId: f.Priority!, textValue: v.Priority },
      ].filter((r) => r !== null);
      await ctx.db.insert(customFieldValues).values(rows);
      await ctx.db
        .update(table)
        .set({ bookingNumber: v.booking, customerReference: v.customerReference })
        .where(eq(table.id, id));
    }
    await ctx.db
      .update(table)
      .set({ archived: true })
      .where(inArray(table.id, ids[mode].slice(0, 3)));
  }
  return { team, f, ids };
}

/** Every page of the list, 3 rows at a time, its sort with its walk or without. */
async function pages(team: Team, mode: Mode, params: Record<string, unknown>, walk: boolean) {
  const workspaceId = team.defaultWorkspaceId;
  const reader = { workspaceId, userId: team.owner.userId };
  const out: string[] = [];
  let cursor: string | undefined;
  let count = 0;
  let walked = false;
  do {
    const raw = { ...params, limit: '3', ...(cursor ? { cursor } : {}) };
    const rows =
      mode === 'ocean'
        ? await (async () => {
            const query = oceanListQuerySchema.parse(raw);
            const { filters } = await customListConditions(
              ctx.db,
              workspaceId,
              oceanShipments,
              query.cf,
              undefined,
            );
            const sort = shaped(await oceanListSort(ctx.db, workspaceId, query.sort), walk);
            walked = sort.walk !== undefined;
            return {
              sort,
              rows: await oceanListQuery(ctx.db, reader, query, new Date(), filters, sort).query,
            };
          })()
        : await (async () => {
            const query = expressListQuerySchema.parse(raw);
            const { filters } = await customListConditions(
              ctx.db,
              workspaceId,
              expressShipments,
              query.cf,
              undefined,
            );
            const sort = shaped(await expressListSort(ctx.db, workspaceId, query.sort), walk);
            walked = sort.walk !== undefined;
            return {
              sort,
              rows: await expressListQuery(ctx.db, reader, query, new Date(), filters, sort).query,
            };
          })();
    const page = rows.rows.slice(0, 3);
    out.push(...page.map((r) => r.s.id));
    const last = page.at(-1);
    cursor =
      rows.rows.length > 3 && last
        ? encodeCursor(last.o.sortValue as string | number | null, last.s.id, rows.sort.name)
        : undefined;
    count++;
    expect(count).toBeLessThan(ROWS);
  } while (cursor);
  expect(walked).toBe(walk);
  return { ids: out, pages: count };
}

const shaped = (sort: KeysetSort, walk: boolean): KeysetSort => (walk ? sort : { ...sort, walk: undefined });

describe('a list sorted through its index', () => {
  it.each(MODES)(
    '%s: gives the pages of the sort computed per row, both ways, for its own workspace',
    async (mode) => {
      const mine = await seeded(0, mode);
      // Another workspace's shipments with values in the same shape, in its own fields.
      const theirs = await seeded(1, mode);
      const { f } = mine;
      const sorts = [
        `cf.${f.Ref!}`,
        `cf.${f.Pallets!}`,
        `cf.${f['Booked on']!}`,
        `cf.${f.Priority!}`,
        'ref.booking',
        'ref.customer_reference',
      ];
      {
        const own = new Set(mine.ids[mode]);
        const variants: Record<string, unknown>[] = [
          {},
          { status: 'archived' },
          { cf: `${f.Priority!}:High,Urgent` },
          { cf: `${f.Pallets!}:-1..` },
        ];
        for (const sort of sorts)
          for (const direction of ['asc', 'desc'])
            for (const variant of variants) {
              const params = { ...variant, sort: `${sort}.${direction}` };
              const label = `${mode} ${JSON.stringify(params)}`;
              const walked = await pages(mine.team, mode, params, true);
              const computed = await pages(mine.team, mode, params, false);
              expect(walked.ids, label).toEqual(computed.ids);
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
        // The other workspace sees its own rows alone, in its own order.
        const other = await pages(theirs.team, mode, { sort: 'ref.booking.desc' }, true);
        expect(other.ids).toEqual((await pages(theirs.team, mode, { sort: 'ref.booking.desc' }, false)).ids);
        expect(other.ids.filter((id) => own.has(id))).toEqual([]);
        expect(other.ids).toHaveLength(ROWS - 3);
      }
    },
    300_000,
  );
});
