import { describe, expect, it } from 'vitest';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { derivedView } from '@tracklane/shared/tracking/ocean/derive-shipment.test-support';
import type { EtaSource } from '@tracklane/shared/tracking/ocean/reliability/eta-accuracy';
import { issuedEtas } from '../src/db/schema/reliability';

import { oceanListColumns } from '../src/modules/ocean-shipments/ocean-mode';
import { measureItems } from '../src/modules/ocean-shipments/reliability/arrival-facts';
import { useTestApp } from './app';
import { alsoFollowedBy, followedContainer } from './support/followed-shipments';
import { buildTeam, containerNo, createWorkspaceAs } from './factories';

const { app, ctx } = await useTestApp();

/** Day `n` of March 2026 at `hour` UTC. */
const day = (n: number, hour = 0) => new Date(Date.UTC(2026, 2, n, hour)).toISOString();
const port = (locode: string) => ({ locode, name: null });

/** Loaded at Shanghai, arrived at Rotterdam on the 30th; the carrier said the 25th on the 1st. */
const ARRIVED: DerivedShipment = derivedView({
  departureVO: { etd: null, atd: day(1) },
  arrivalVO: { eta: day(25), ata: day(30) },
  pol: port('CNSHA'),
  pod: port('NLRTM'),
  status: 'arrived',
  etaHistory: [{ eta: day(25), classifier: 'EST', recordedAt: day(1) }],
  lastActualAt: day(30),
});

const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

type Horizon = { source: EtaSource; days: number; samples: number; meanErrorHours: number | null };
/** A report's mean error 14, 7, 3 and 1 days out, per source that has any sample. */
async function errorsBySource(cookie: string, path = '/api/reliability') {
  const res = await get(cookie, `${path}?from=2026-03&to=2026-03`);
  expect(res.statusCode, res.body).toBe(200);
  const horizons = res.json<{ result: { overall: { horizons: Horizon[] } } }>().result.overall.horizons;
  const bySource: Partial<Record<EtaSource, (number | null)[]>> = {};
  for (const h of horizons) (bySource[h.source] ??= []).push(h.samples ? h.meanErrorHours : null);
  return bySource;
}

describe('accuracy of every ETA source', () => {
  it("measures each source's standing ETA against the actual arrival, each owner's in its own figures", async () => {
    const a = await buildTeam(app, ctx);
    const b = await buildTeam(app, ctx);
    const columns = oceanListColumns(ARRIVED, 'active');
    const { item } = await followedContainer(ctx.db, a.defaultWorkspaceId, columns, {
      carrier: 'MAEU',
      derived: ARRIVED,
      changedAt: new Date(),
    });
    const itemId = item.id;
    const secondOfA = await createWorkspaceAs(app, a.owner.cookie, `Second ${containerNo()}`);
    for (const ws of [secondOfA, b.defaultWorkspaceId]) await alsoFollowedBy(ctx.db, ws, item, columns);
    const at = (eta: string | null, issuedAt: string) => ({
      eta: eta ? new Date(eta) : null,
      issuedAt: new Date(issuedAt),
    });
    await ctx.db.insert(issuedEtas).values([
      // A's terminal: the 29th (from the 10th), then the 30th at 06:00 (from the 26th).
      { itemId, source: 'terminal', organizationId: a.organizationId, ...at(day(29), day(10)) },
      { itemId, source: 'terminal', organizationId: a.organizationId, ...at(day(30, 6), day(26)) },
      // A's first workspace, by hand: the 31st from the 20th, cleared on the 28th.
      {
        itemId,
        source: 'manual',
        organizationId: a.organizationId,
        workspaceId: a.defaultWorkspaceId,
        ...at(day(31), day(20)),
      },
      {
        itemId,
        source: 'manual',
        organizationId: a.organizationId,
        workspaceId: a.defaultWorkspaceId,
        ...at(null, day(28)),
      },
      // A's second workspace, by hand: the 28th from the 5th.
      {
        itemId,
        source: 'manual',
        organizationId: a.organizationId,
        workspaceId: secondOfA,
        ...at(day(28), day(5)),
      },
      // Tracklane's estimate as A was shown it: the 29th at 12:00 from the 2nd.
      { itemId, source: 'tracklane', organizationId: a.organizationId, ...at(day(29, 12), day(2)) },
      // B's terminal: ten days early, every time.
      { itemId, source: 'terminal', organizationId: b.organizationId, ...at(day(20), day(3)) },
    ]);
    await measureItems(ctx.db, [itemId]);

    // A's first workspace: the carrier (+120 h), A's terminal, its own manual ETA (none stood 14 days
    // out, nor 1 day out once cleared), Tracklane's; never the second workspace's or B's.
    expect(await errorsBySource(a.owner.cookie)).toEqual({
      carrier: [120, 120, 120, 120],
      terminal: [24, 24, -6, -6],
      manual: [null, -24, -24, null],
      tracklane: [12, 12, 12, 12],
    });
    // A's organization: both workspaces' manual ETAs (the 28th stood throughout: +48 h), A's terminal.
    const organization = await errorsBySource(a.owner.cookie, '/api/reliability/organization');
    expect(organization.terminal).toEqual([24, 24, -6, -6]);
    expect(organization.manual).toEqual([48, 12, 12, 48]);
    // B: the carrier's and its own terminal's alone.
    expect(await errorsBySource(b.owner.cookie)).toEqual({
      carrier: [120, 120, 120, 120],
      terminal: [240, 240, 240, 240],
    });
  });
});
