import { describe, expect, it } from 'vitest';
import type { ReasonPart } from '@tracklane/shared/dashboard/dashboard.schema';
import { oceanDashboard } from '../src/modules/ocean-shipments/ocean-dashboard';
import { catchUpArrivals } from '../src/modules/ocean-shipments/reliability/arrival-facts';
import { buildTeam } from './factories';
import { useDashboardApp } from './support/dashboard';

const { app, ctx, HOUR, DAY, NOW, at, ship, addOcean } = await useDashboardApp();

/** Boxes of the lane (MAEU, Shanghai to Rotterdam) that arrived `lateHours[i]` after their one ETA. */
async function arrivals(workspaceId: string, lateHours: number[]) {
  for (const [i, late] of lateHours.entries()) {
    const eta = at(-(60 + i) * DAY);
    const ata = new Date(Date.parse(eta) + late * HOUR).toISOString();
    await addOcean(
      workspaceId,
      ship({
        arrivalVO: { eta, ata },
        etaHistory: [
          { eta, classifier: 'EST', recordedAt: new Date(Date.parse(eta) - 40 * DAY).toISOString() },
        ],
        status: 'arrived',
        lastActualAt: ata,
      }),
    );
  }
  await catchUpArrivals(ctx.db);
}

const etaOf = (reason: ReasonPart[]) => reason.find((p) => p.kind === 'eta');

describe('the ocean dashboard’s ETAs', () => {
  it('carry their source, issue time and the organization’s measured band, as the list’s do', async () => {
    const team = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    // 0, 1, …, 20 hours late: median 10, p10 2, p90 18.
    await arrivals(
      ws,
      Array.from({ length: 21 }, (_, i) => i),
    );
    const eta = at(3 * DAY + 30 * HOUR);
    await addOcean(ws, ship({ etas: [at(3 * DAY), eta] }));

    const dashboard = await oceanDashboard(ctx.db, ws, NOW);
    const [item] = dashboard.attentionVO.find((a) => a.rule === 'etaSlipped')!.items;
    const shown = (ms: number) => new Date(Date.parse(eta) + ms).toISOString();
    const band = { horizonDays: 7, samples: 21, from: shown(2 * HOUR), to: shown(18 * HOUR) };
    expect(etaOf(item!.reason)).toEqual({
      kind: 'eta',
      value: eta,
      estimates: {
        used: 'carrier',
        estimates: [
          {
            source: 'carrier',
            kind: 'port',
            eta,
            issuedAt: at(-20 * DAY),
            biasHours: null,
            confidence: band,
          },
          {
            source: 'tracklane',
            kind: 'port',
            eta: shown(10 * HOUR),
            issuedAt: at(-20 * DAY),
            biasHours: 10,
            confidence: band,
          },
        ],
      },
    });
    expect(item!.reason.map((p) => p.kind)).toEqual(['text', 'eta', 'text']);
  });

  it('carry the carrier as their source below 20 measured arrivals, through the API too', async () => {
    const team = await buildTeam(app, ctx);
    const ws = team.defaultWorkspaceId;
    const eta = new Date(Date.now() + 5 * DAY).toISOString();
    await addOcean(ws, ship({ etas: [new Date(Date.now() + 3 * DAY).toISOString(), eta] }));

    const res = await app.inject({
      method: 'GET',
      url: '/api/dashboard/ocean',
      headers: { cookie: team.owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const card = (
      res.json().result.attentionVO as { rule: string; items: { reason: ReasonPart[] }[] }[]
    ).find((a) => a.rule === 'etaSlipped')!;
    expect(etaOf(card.items[0]!.reason)).toEqual({
      kind: 'eta',
      value: eta,
      estimates: {
        used: 'carrier',
        estimates: [
          {
            source: 'carrier',
            kind: 'port',
            eta,
            issuedAt: at(-20 * DAY),
            biasHours: null,
            confidence: null,
          },
        ],
      },
    });
  });
});
