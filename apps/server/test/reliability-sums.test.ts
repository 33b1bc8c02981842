import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ETA_SOURCES, HORIZON_DAYS } from '@tracklane/shared/tracking/ocean/reliability/eta-accuracy';
import type { ReliabilityQuery } from '@tracklane/shared/tracking/ocean/reliability/reliability.schema';
import { reliabilityReport, reportFromGroups } from '@tracklane/shared/tracking/ocean/reliability/report';
import {
  DELAY_BUCKET_EDGES_HOURS,
  type RollupRow,
} from '@tracklane/shared/tracking/ocean/reliability/rollup';
import { reliabilityRollups } from '../src/db/schema/reliability';
import { sumRollups, type ReliabilityScope } from '../src/modules/ocean-shipments/reliability/rollup-sums';
import { useTestApp } from './app';
import { buildTeam } from './factories';

const { app, ctx } = await useTestApp();

/** A small deterministic stream of numbers in [0, 1). */
function stream(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * Roll-up rows of every source over 2025–2026: carriers, lanes (one with an unknown port), routes
 * through one or two ports (one repeated), quarter-hour sums so that any order of adding is exact,
 * and empty delays. Carrier rows first, then each other source's, as the writer would have added them.
 */
function rows(scope: { organizationId: string; workspaceId: string | null }) {
  const next = stream(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const quarters = (max: number) => Math.floor(next() * max * 4) / 4;
  const out: (typeof reliabilityRollups.$inferInsert)[] = [];
  for (const source of ETA_SOURCES)
    for (let i = 0; i < 120; i++) {
      const late = Math.floor(next() * 4);
      const delays = Array.from({ length: late }, () => 24 + quarters(400));
      out.push({
        ...scope,
        month: `${String(2025 + Math.floor(next() * 2))}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-01`,
        source,
        carrier: pick(['MAEU', 'MSCU', 'HLCU', 'ONEY']),
        polLocode: pick(['CNSHA', 'SGSIN', '']),
        podLocode: pick(['NLRTM', 'DEHAM', 'USLAX']),
        transshipments: pick([[], ['SGSIN'], ['SGSIN', 'LKCMB'], ['KRPUS', 'KRPUS']]),
        arrived: late + 3,
        judged: late + 2,
        onTime: 2,
        late,
        delaySum: delays.reduce((a, b) => a + b, 0),
        delayMin: late ? Math.min(...delays) : null,
        delayMax: late ? Math.max(...delays) : null,
        delayHistogram: DELAY_BUCKET_EDGES_HOURS.map((_, b) => (b === late * 3 ? late : 0)),
        rolls: Math.floor(next() * 3),
        errorCount: HORIZON_DAYS.map(() => Math.floor(next() * 4)),
        errorAbsSum: HORIZON_DAYS.map(() => quarters(90)),
        errorSum: HORIZON_DAYS.map(() => quarters(90) - 45),
      });
    }
  return out;
}

/** The period's rows of the scope, as the page read them before they were summed in SQL. */
async function periodRows(scope: ReliabilityScope, query: ReliabilityQuery): Promise<RollupRow[]> {
  const r = reliabilityRollups;
  const inScope =
    scope.kind === 'workspace'
      ? eq(r.workspaceId, scope.tenant.workspaceId)
      : and(eq(r.organizationId, scope.tenant.organizationId), isNull(r.workspaceId));
  const all = await ctx.db.select().from(r).where(inScope);
  // A group lists its sources in the order its rows came; the database's sums list them in
  // ETA_SOURCES order, whatever its plan.
  const order = (row: RollupRow) => ETA_SOURCES.indexOf(row.source);
  return all
    .filter((row) => row.month >= `${query.from}-01` && row.month <= `${query.to}-01`)
    .map(({ polLocode, podLocode, ...row }) => ({ ...row, pol: polLocode, pod: podLocode }))
    .sort((a, b) => order(a) - order(b));
}

describe('the reliability report summed by the database', () => {
  it('answers exactly what summing the roll-up rows answers, for every filter and scope', async () => {
    const team = await buildTeam(app, ctx);
    const workspace = { organizationId: team.organizationId, workspaceId: team.defaultWorkspaceId };
    await ctx.db.insert(reliabilityRollups).values(rows(workspace));
    await ctx.db
      .insert(reliabilityRollups)
      .values(rows({ organizationId: team.organizationId, workspaceId: null }).slice(0, 200));

    const scopes: ReliabilityScope[] = [
      { kind: 'workspace', tenant: { workspaceId: team.defaultWorkspaceId } },
      { kind: 'organization', tenant: { organizationId: team.organizationId } },
    ];
    const queries: ReliabilityQuery[] = [
      { from: '2025-01', to: '2026-12' },
      { from: '2025-04', to: '2025-09' },
      { from: '2026-02', to: '2026-02' },
      { from: '2025-01', to: '2026-12', carrier: 'MSCU' },
      { from: '2025-01', to: '2026-12', pol: 'CNSHA', pod: 'DEHAM' },
      { from: '2025-01', to: '2026-12', pod: 'USLAX', carrier: 'ONEY' },
      { from: '2027-01', to: '2027-03' },
    ];
    for (const scope of scopes)
      for (const query of queries) {
        const summed = reportFromGroups(scope.kind, query, await sumRollups(ctx.db, scope, query));
        const expected = reliabilityReport(scope.kind, query, await periodRows(scope, query));
        expect(summed, JSON.stringify([scope.kind, query])).toEqual(expected);
      }
    // The data reaches every group the page shows.
    const full = reportFromGroups(
      scopes[0]!.kind,
      queries[0]!,
      await sumRollups(ctx.db, scopes[0]!, queries[0]!),
    );
    expect(full.transshipments.map((t) => t.port).sort()).toEqual(['KRPUS', 'LKCMB', 'SGSIN']);
    expect(full.overall.horizons.map((h) => h.source)).toEqual(
      ETA_SOURCES.flatMap((s) => HORIZON_DAYS.map(() => s)),
    );
    expect(full.options.lanes).toHaveLength(6);
  });
});
