import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { expressListQuerySchema } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { oceanListQuerySchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { oceanShipments } from '../src/db/schema';
import { customFieldValues } from '../src/db/schema/custom-fields';
import { encodeCursor } from '../src/lib/keyset-cursor';
import type { ListReadOptions } from '../src/modules/custom-fields/custom-field-list-page';
import { readExpressListRows } from '../src/modules/express-shipments/express-shipments.service';
import {
  listOceanShipments,
  readOceanListRows,
} from '../src/modules/ocean-shipments/ocean-shipments.service';
import { withReferences } from '../src/modules/references/references.service';
import { buildTeam, containerNo, mbl, type Team } from './factories';
import { useTestApp } from './app';
import { defineFields } from './support/custom-fields';

const { app, ctx } = await useTestApp();

type Mode = 'ocean' | 'express';
const SHIPMENTS = 24;
const PAGE = 3;

/** The team's owner adds SHIPMENTS shipments of the mode in one request, one minute apart (oldest last); their ids, newest first. */
async function addShipments(team: Team, mode: Mode): Promise<string[]> {
  const items = Array.from({ length: SHIPMENTS }, (_, i) =>
    mode === 'ocean'
      ? { containerNo: containerNo(), mblNo: mbl() }
      : { trackingNo: `SHP${String(Date.now()).slice(-6)}${String(i).padStart(3, '0')}`, carrier: 'gls' },
  );
  const res = await app.inject({
    method: 'POST',
    url: `/api/shipments/${mode}`,
    headers: { cookie: team.owner.cookie },
    payload: { items },
  });
  expect(res.statusCode, res.body).toBe(200);
  const ids = (res.json().result as Record<string, string>[]).map((r) =>
    mode === 'ocean' ? r.shipmentOverallId! : r.expressOrderId!,
  );
  const table = sql.identifier(mode === 'ocean' ? 'ocean_shipments' : 'express_shipments');
  for (const [i, id] of ids.entries())
    await ctx.db.execute(
      sql`UPDATE ${table} SET created_at = now() - ${i} * interval '1 minute' WHERE id = ${id}`,
    );
  return ids;
}

/**
 * Every page of a list (PAGE rows each, following the cursors the API would hand out), read with
 * `options`: the ids of each page, and the statements each page ran.
 */
async function allPages(team: Team, mode: Mode, params: string, options: ListReadOptions) {
  const reader = { workspaceId: team.defaultWorkspaceId, userId: team.owner.userId };
  const pages: string[][] = [];
  const statements: number[] = [];
  /** Each page's last statement (the page's own), as SQL. */
  const final: string[] = [];
  let cursor: string | undefined;
  do {
    const qs = Object.fromEntries(new URLSearchParams(`limit=${String(PAGE)}&${params}`));
    if (cursor) qs.cursor = cursor;
    let ran = 0;
    const traced: ListReadOptions = {
      ...options,
      trace: (statement) => {
        ran++;
        final[pages.length] = statement.toSQL().sql;
        options.trace?.(statement);
      },
    };
    const rows =
      mode === 'ocean'
        ? await readOceanListRows(ctx.db, reader, oceanListQuerySchema.parse(qs), new Date(), traced)
        : await readExpressListRows(ctx.db, reader, expressListQuerySchema.parse(qs), new Date(), traced);
    const page = rows.slice(0, PAGE);
    pages.push(page.map((r) => r.s.id));
    statements.push(ran);
    const last = page.at(-1);
    cursor =
      rows.length > PAGE && last
        ? encodeCursor(
            last.o.sortValue as Date | string | number | null,
            last.s.id,
            qs.sort ?? 'created_desc',
          )
        : undefined;
  } while (cursor);
  return { pages, statements, final };
}

/** Every condition reads its matches by id (the shape that needs no window): the reference. */
const BY_ID: ListReadOptions = { few: { values: 1e9, search: 1e9, hashed: 1e9 } };
/** A page's ids chosen from the tab read whole, in a subquery of its own (pageChosenById's `scan`). */
const SCANS_TAB =
  /FROM \(SELECT \* FROM "(ocean|express)_shipments" WHERE .* OFFSET 0\) AS "(ocean|express)_shipments"/s;
/** Every condition walks the list's order, in a window of 5 rows. */
const WALKS: ListReadOptions = { few: { values: 0, search: 0, hashed: 0 }, windowRows: 5 };
/** Every filter walks the list's order against its matches hashed (the search probes, in a window). */
const HASHES: ListReadOptions = { few: { values: 0, search: 0, hashed: 1e9 }, windowRows: 5 };

describe('lists filtered by custom fields, in each shape', () => {
  it.each(['ocean', 'express'] as const)(
    '%s: answers the same pages walking in a window, falling back to a scan of the tab or by id',
    async (mode) => {
      const team = await buildTeam(app, ctx);
      const f = await defineFields(app, team, [
        { name: 'PO', type: 'text' },
        { name: 'Grade', type: 'choice', choices: ['A', 'Z'] },
        { name: 'Weight', type: 'number' },
      ]);
      {
        const ids = await addShipments(team, mode);
        // Grade A on every shipment but the oldest four, which are Z: deep in a newest-first list.
        await ctx.db.insert(customFieldValues).values(
          ids.flatMap((subscriptionId, i) =>
            [
              { fieldId: f.PO!, textValue: `PO-${String(100 + i)}` },
              { fieldId: f.Grade!, textValue: i < SHIPMENTS - 4 ? 'A' : 'Z' },
              { fieldId: f.Weight!, numberValue: i },
            ].map((v) => ({ ...v, workspaceId: team.defaultWorkspaceId, mode, subscriptionId })),
          ),
        );
        const newest = mode === 'ocean' ? 'sort=container_asc' : 'sort=tracking_asc';
        const cases = [
          `cf=${f.Grade!}:A`,
          `cf=${f.Grade!}:Z`,
          `cf=${f.Grade!}:Z&${newest}`,
          `cf=${f.Weight!}:3..20`,
          `cf=${f.Grade!}:A&cf=${f.Weight!}:10..`,
          'search=po-1',
          'search=PO-12',
          `search=po-1&cf=${f.Grade!}:Z`,
          `cf=${f.Grade!}:Z&sort=cf.${f.Weight!}.desc`,
        ];
        for (const params of cases) {
          const reference = await allPages(team, mode, params, BY_ID);
          const walked = await allPages(team, mode, params, WALKS);
          const hashed = await allPages(team, mode, params, HASHES);
          const asShipped = await allPages(team, mode, params, {});
          expect(walked.pages, `${mode} ${params}`).toEqual(reference.pages);
          expect(hashed.pages, `${mode} ${params}`).toEqual(reference.pages);
          expect(asShipped.pages, `${mode} ${params}`).toEqual(reference.pages);
          expect(reference.pages.flat().length, `${mode} ${params}`).toBeGreaterThan(0);
        }
        // Grade A fills each page inside the window: the window's end and one page. Grade Z's first
        // page finds nothing in the window and, its one filter having many matches, reads the page by
        // scanning the tab: three statements. With a search beside it, it reads them by id instead.
        const dense = await allPages(team, mode, `cf=${f.Grade!}:A`, WALKS);
        expect(dense.pages[0]).toEqual(ids.slice(0, PAGE));
        expect(dense.statements[0]).toBe(2);
        const deep = await allPages(team, mode, `cf=${f.Grade!}:Z`, WALKS);
        expect(deep.pages.flat()).toEqual(ids.slice(-4));
        expect(deep.statements[0]).toBe(3);
        expect(deep.final[0]).toMatch(SCANS_TAB);
        const searched = await allPages(team, mode, `search=po-1&cf=${f.Grade!}:Z`, WALKS);
        expect(searched.statements[0]).toBe(3);
        expect(searched.final[0]).not.toMatch(SCANS_TAB);
        expect(searched.final[0]).toMatch(/= ANY \(ARRAY\(/);
        // Hashed, the deep filter needs no window: one statement, each row checked against the hash.
        const hashedDeep = await allPages(team, mode, `cf=${f.Grade!}:Z`, HASHES);
        expect(hashedDeep.pages.flat()).toEqual(ids.slice(-4));
        expect(hashedDeep.statements[0]).toBe(1);
        expect(hashedDeep.final[0]).toMatch(/\) IS TRUE/);
        // Few matches: the bounded read answered their ids, and the page reads those by id without
        // reading the values again.
        const pages: string[] = [];
        const few = await allPages(team, mode, `cf=${f.Grade!}:Z&search=po-1`, {
          trace: (statement) => pages.push(statement.toSQL().sql),
        });
        expect(few.pages.flat()).toEqual(ids.slice(-4));
        expect(pages.length).toBeGreaterThan(0);
        for (const page of pages) expect(page).not.toContain('custom_field_values');
      }
    },
    // Each case's every page in three shapes.
    120_000,
  );

  it('keeps another workspace’s shipments out of every shape', async () => {
    const team = await buildTeam(app, ctx);
    const other = await buildTeam(app, ctx);
    const f = await defineFields(app, team, [{ name: 'Grade', type: 'choice', choices: ['A'] }]);
    const ids = await addShipments(team, 'ocean');
    const theirs = await addShipments(other, 'ocean');
    // Values of this workspace's field written on the other's shipments match in no list.
    await ctx.db.insert(customFieldValues).values(
      [...ids, ...theirs].map((subscriptionId) => ({
        fieldId: f.Grade!,
        textValue: 'A',
        workspaceId: team.defaultWorkspaceId,
        mode: 'ocean' as const,
        subscriptionId,
      })),
    );
    for (const options of [BY_ID, WALKS, HASHES, {}]) {
      const { pages } = await allPages(team, 'ocean', `cf=${f.Grade!}:A`, options);
      expect(pages.flat()).toEqual(ids);
    }
  }, 60_000);
});

describe('a page’s references and custom field values', () => {
  it('are read in one statement, each value as its field’s type gives it', async () => {
    const team = await buildTeam(app, ctx);
    const f = await defineFields(app, team, [
      { name: 'PO', type: 'text' },
      { name: 'Handling', type: 'multi_choice', choices: ['Fragile', 'Hazardous', 'Cold'] },
      { name: 'Weight', type: 'number' },
      { name: 'Booked', type: 'date' },
    ]);
    const [first, second, third] = await addShipments(team, 'ocean');
    const base = { workspaceId: team.defaultWorkspaceId, mode: 'ocean' as const };
    await ctx.db.insert(customFieldValues).values([
      { ...base, subscriptionId: first!, fieldId: f.PO!, textValue: 'PO-1' },
      { ...base, subscriptionId: first!, fieldId: f.Handling!, ordinal: 1, textValue: 'Cold' },
      { ...base, subscriptionId: first!, fieldId: f.Handling!, ordinal: 0, textValue: 'Hazardous' },
      { ...base, subscriptionId: first!, fieldId: f.Weight!, numberValue: 10250.5 },
      { ...base, subscriptionId: second!, fieldId: f.Booked!, dateValue: '2026-02-28' },
    ]);
    const statements = vi.spyOn(ctx.pool, 'query');
    const rows = await withReferences(
      ctx.db,
      team.defaultWorkspaceId,
      oceanShipments,
      [first!, second!, third!].map((id) => ({ id })),
      (s) => s.id,
    );
    expect(statements).toHaveBeenCalledTimes(1);
    statements.mockRestore();
    expect(rows.map((r) => r.customFields)).toEqual([
      { [f.PO!]: 'PO-1', [f.Handling!]: ['Hazardous', 'Cold'], [f.Weight!]: 10250.5 },
      { [f.Booked!]: '2026-02-28' },
      {},
    ]);
    expect(rows.map((r) => r.references.poNumbers)).toEqual([[], [], []]);
  }, 60_000);
});

describe('an ocean page without rows', () => {
  it('reads its tab counts and the bills still asked in one statement', async () => {
    const team = await buildTeam(app, ctx);
    await addShipments(team, 'ocean');
    const reader = { workspaceId: team.defaultWorkspaceId, userId: team.owner.userId };
    const query = oceanListQuerySchema.parse({ search: 'ZZ-NOPE' });
    const statements = vi.spyOn(ctx.pool, 'query');
    const page = await listOceanShipments(ctx.db, reader, query);
    // The search's count of text values, the page, its counts.
    expect(statements).toHaveBeenCalledTimes(3);
    statements.mockRestore();
    expect(page).toEqual({
      items: [],
      nextCursor: null,
      activeCount: SHIPMENTS,
      archivedCount: 0,
      billsPending: 0,
    });
  }, 60_000);
});
