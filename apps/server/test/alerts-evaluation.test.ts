import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertEpisodes } from '../src/db/schema/alerts';
import { expressShipments, oceanShipments, trackedItems } from '../src/db/schema/tracking';
import { runAlertSweep } from '../src/modules/alerts/alerts.jobs';
import { updateFreeTimeClocks } from '../src/modules/ocean-shipments/free-time/free-time-clocks';
import { addMember, buildTeam } from './factories';
import { useAlertsApp } from './support/alerts';

const {
  app,
  ctx,
  db,
  HOUR,
  DAY,
  call,
  rule,
  quietTeam,
  addRule,
  oceanShipment,
  expressShipment,
  setMilestones,
  evaluate,
  star,
  alertsOf,
} = await useAlertsApp();

describe('alert evaluation: each rule at its boundary, once per episode', () => {
  it('last free day within N days: fires on the day it comes within N days, not before', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ name: 'LFD soon', condition: { kind: 'lfd', days: 2 } }));
    // Demurrage running: the clocks' stored last free day (free-time-clocks.ts).
    const { item } = await oceanShipment(team.defaultWorkspaceId, {
      status: 'discharged',
      lastFreeDay: new Date('2026-12-10T00:00:00Z'),
      freeTimeEndsOn: new Date('2026-12-10T00:00:00Z'),
    });
    expect(await evaluate('ocean', item.id, new Date('2026-12-07T23:59:00Z'))).toBe(0);
    expect(await evaluate('ocean', item.id, new Date('2026-12-08T00:00:00Z'))).toBe(1);
    // Still true the next days, and passed: no repeat.
    expect(await evaluate('ocean', item.id, new Date('2026-12-11T09:00:00Z'))).toBe(0);
    const alerts = await alertsOf(item.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toBe('LFD soon: Last free day within 2 days or passed');
  });

  it('the default last-free-day rule watches detention too: a delivered box alerts before its detention last free day', async () => {
    const team = await buildTeam(app, ctx); // with the default rules
    const { item } = await oceanShipment(team.defaultWorkspaceId, { status: 'delivered' });
    // Discharged on the 1st (demurrage's last free day the 4th), out on the 4th: 4 free detention days.
    await setMilestones(item.id, { discharged: '2026-12-01T10:00:00Z', fullGateOut: '2026-12-04T10:00:00Z' });
    const at = async (now: string) => {
      await updateFreeTimeClocks(db, { itemIds: [item.id] }, new Date(now));
      return evaluate('ocean', item.id, new Date(now));
    };
    expect(await at('2026-12-04T12:00:00Z')).toBe(0); // detention ends on the 7th: 3 days left
    expect(await at('2026-12-05T12:00:00Z')).toBe(1);
    const alerts = await alertsOf(item.id);
    expect(alerts).toEqual([
      {
        recipientId: team.owner.userId,
        text: 'Last free day in 2 days: Last free day within 2 days or passed',
      },
    ]);
  });

  it('last free day: alerts again for detention when the box leaves near demurrage’s last free day', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ name: 'LFD soon', condition: { kind: 'lfd', days: 2 } }));
    const { item, sub } = await oceanShipment(team.defaultWorkspaceId, { status: 'discharged' });
    // This shipment's own terms: 3 free days at the terminal, 2 outside.
    const tiers = [{ days: null, rate: 100 }];
    await db
      .update(oceanShipments)
      .set({
        freeTimeTerms: {
          currency: 'USD',
          demurrage: { freeDays: 3, dayCount: 'calendar', tiers },
          detention: { freeDays: 2, dayCount: 'calendar', tiers },
        },
      })
      .where(eq(oceanShipments.id, sub.id));
    const at = async (now: string) => {
      await updateFreeTimeClocks(db, { itemIds: [item.id] }, new Date(now));
      return evaluate('ocean', item.id, new Date(now));
    };
    await setMilestones(item.id, { discharged: '2026-12-01T10:00:00Z' });
    expect(await at('2026-12-02T12:00:00Z')).toBe(1); // demurrage ends on the 3rd
    // Out on the 3rd: detention ends on the 4th, as close; the condition held throughout.
    await setMilestones(item.id, { discharged: '2026-12-01T10:00:00Z', fullGateOut: '2026-12-03T09:00:00Z' });
    expect(await at('2026-12-03T12:00:00Z')).toBe(1);
    expect(await at('2026-12-04T12:00:00Z')).toBe(0);
  });

  it('ETA slip against the first ETA: at N hours it fires; it fires again only after it clears and comes back', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule());
    const first = new Date('2026-12-01T00:00:00Z');
    const { item, sub } = await oceanShipment(team.defaultWorkspaceId, {
      firstEta: first,
      eta: new Date(first.getTime() + 23 * HOUR),
    });
    const now = new Date('2026-11-20T00:00:00Z');
    expect(await evaluate('ocean', item.id, now)).toBe(0);
    await db
      .update(oceanShipments)
      .set({ eta: new Date(first.getTime() + 24 * HOUR) })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(1);
    await db
      .update(oceanShipments)
      .set({ eta: new Date(first.getTime() + 72 * HOUR) })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(0);
    // Back on time: the episode closes; a new slip is a new alert.
    await db.update(oceanShipments).set({ eta: first }).where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(0);
    await db
      .update(oceanShipments)
      .set({ eta: new Date(first.getTime() + 48 * HOUR) })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(1);
    expect(await alertsOf(item.id)).toHaveLength(2);
    const episodes = await db.select().from(alertEpisodes).where(eq(alertEpisodes.itemId, item.id));
    expect(episodes.filter((e) => e.closedAt === null)).toHaveLength(1);
  });

  it('ETA slip against the last ETA compares the latest two announcements', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ condition: { kind: 'eta_slip', hours: 12, against: 'last' } }));
    const history = (etas: string[]) => ({
      etaHistory: etas.map((eta) => ({ eta, classifier: 'EST', recordedAt: '2026-11-01T00:00:00.000Z' })),
    });
    const { item, sub } = await oceanShipment(team.defaultWorkspaceId, {
      firstEta: new Date('2026-12-01T00:00:00Z'),
      eta: new Date('2026-12-01T11:00:00Z'),
    });
    await db
      .update(trackedItems)
      .set({ derived: history(['2026-12-01T00:00:00.000Z', '2026-12-01T11:00:00.000Z']) })
      .where(eq(trackedItems.id, item.id));
    const now = new Date('2026-11-20T00:00:00Z');
    expect(await evaluate('ocean', item.id, now)).toBe(0);
    await db
      .update(trackedItems)
      .set({
        derived: history([
          '2026-12-01T00:00:00.000Z',
          '2026-12-01T11:00:00.000Z',
          '2026-12-01T23:00:00.000Z',
        ]),
      })
      .where(eq(trackedItems.id, item.id));
    await db
      .update(oceanShipments)
      .set({ eta: new Date('2026-12-01T23:00:00Z') })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(1);
  });

  it('rolled: fires at a roll, and again at a second roll before arrival', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ name: 'Rolled', condition: { kind: 'rolled' } }));
    const { item, sub } = await oceanShipment(team.defaultWorkspaceId);
    const now = new Date('2026-11-20T00:00:00Z');
    expect(await evaluate('ocean', item.id, now)).toBe(0);
    await db
      .update(oceanShipments)
      .set({ rolledAt: new Date('2026-11-10T00:00:00Z') })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(1);
    expect(await evaluate('ocean', item.id, now)).toBe(0);
    await db
      .update(oceanShipments)
      .set({ rolledAt: new Date('2026-11-12T00:00:00Z') })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(1);
    await db
      .update(oceanShipments)
      .set({ ata: new Date('2026-11-19T00:00:00Z') })
      .where(eq(oceanShipments.id, sub.id));
    expect(await evaluate('ocean', item.id, now)).toBe(0);
  });

  it('not picked up after N days (ocean): from N days after arrival', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ condition: { kind: 'not_picked_up', days: 3 } }));
    const ata = new Date('2026-12-01T10:00:00Z');
    const { item } = await oceanShipment(team.defaultWorkspaceId, { status: 'discharged', ata });
    expect(await evaluate('ocean', item.id, new Date(ata.getTime() + 3 * DAY - 1))).toBe(0);
    expect(await evaluate('ocean', item.id, new Date(ata.getTime() + 3 * DAY))).toBe(1);
  });

  it('no update for N days: by the scheduled sweep, without any refresh', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ condition: { kind: 'stale', days: 2 } }));
    const now = new Date();
    const { item } = await oceanShipment(team.defaultWorkspaceId);
    await db
      .update(trackedItems)
      .set({ lastCheckedAt: new Date(now.getTime() - 2 * DAY + HOUR) })
      .where(eq(trackedItems.id, item.id));
    await runAlertSweep(ctx, now);
    expect(await alertsOf(item.id)).toHaveLength(0);
    await db
      .update(trackedItems)
      .set({ lastCheckedAt: new Date(now.getTime() - 2 * DAY - HOUR) })
      .where(eq(trackedItems.id, item.id));
    await runAlertSweep(ctx, now);
    await runAlertSweep(ctx, now);
    expect(await alertsOf(item.id)).toHaveLength(1);
  });

  it('express: exception, failed attempt, and late by N hours', async () => {
    const team = await quietTeam();
    await addRule(team.owner, rule({ mode: 'express', condition: { kind: 'exception' } }));
    await addRule(team.owner, rule({ mode: 'express', condition: { kind: 'failed_attempt' } }));
    await addRule(team.owner, rule({ mode: 'express', name: 'Late', condition: { kind: 'late', hours: 6 } }));
    const now = new Date('2026-11-20T12:00:00Z');
    const { item, sub } = await expressShipment(team.defaultWorkspaceId, {
      status: 'in_transit',
      estimatedDelivery: new Date(now.getTime() - 6 * HOUR),
    });
    expect(await evaluate('express', item.id, now)).toBe(0);
    expect(await evaluate('express', item.id, new Date(now.getTime() + 1))).toBe(1);
    await db.update(expressShipments).set({ status: 'exception' }).where(eq(expressShipments.id, sub.id));
    expect(await evaluate('express', item.id, now)).toBe(1);
    await db
      .update(expressShipments)
      .set({ status: 'failed_attempt' })
      .where(eq(expressShipments.id, sub.id));
    expect(await evaluate('express', item.id, now)).toBe(1);
    expect((await alertsOf(item.id)).map((a) => a.text).sort()).toEqual([
      'Late: Late by more than 6 hours against the estimated delivery',
      'Watch the ETA: Exception reported',
      'Watch the ETA: Failed delivery attempt',
    ]);
  });

  it('applies filters: carrier, port of discharge, favourites', async () => {
    const team = await quietTeam();
    await addRule(
      team.owner,
      rule({
        condition: { kind: 'rolled' },
        filters: { carriers: ['maeu'], pol: [], pod: [], favoritesOnly: false },
      }),
    );
    await addRule(
      team.owner,
      rule({
        condition: { kind: 'rolled' },
        filters: { carriers: [], pol: [], pod: ['NLRTM'], favoritesOnly: true },
      }),
    );
    const rolled = { rolledAt: new Date('2026-11-10T00:00:00Z') };
    const now = new Date('2026-11-20T00:00:00Z');
    const msc = await oceanShipment(team.defaultWorkspaceId, { ...rolled, podLocode: 'NLRTM' });
    expect(await evaluate('ocean', msc.item.id, now)).toBe(0);
    const favourite = await oceanShipment(team.defaultWorkspaceId, { ...rolled, podLocode: 'NLRTM' });
    await star(team.owner, 'ocean', favourite.sub.id);
    expect(await evaluate('ocean', favourite.item.id, now)).toBe(1);
    const maersk = await oceanShipment(team.defaultWorkspaceId, { ...rolled, carrierScac: 'MAEU' });
    expect(await evaluate('ocean', maersk.item.id, now)).toBe(1);
  });

  it("reads favourites as the rule owner's own, never another member's", async () => {
    const team = await quietTeam();
    const member = await addMember(app, ctx, team, { shipmentPermission: 0 });
    const favouritesOnly = { carriers: [], pol: [], pod: [], tags: [], favoritesOnly: true };
    // The admin's workspace rules, heard by everyone (both modes), and the member's personal one.
    await addRule(team.owner, rule({ condition: { kind: 'rolled' }, filters: favouritesOnly }));
    await addRule(member, rule({ condition: { kind: 'rolled' }, filters: favouritesOnly }));
    await addRule(
      team.owner,
      rule({ mode: 'express', condition: { kind: 'exception' }, filters: favouritesOnly }),
    );
    const rolled = { rolledAt: new Date('2026-11-10T00:00:00Z') };
    const now = new Date('2026-11-20T00:00:00Z');

    // The member's star: only the member's own rule sees it, and only the member hears of it.
    const members = await oceanShipment(team.defaultWorkspaceId, rolled);
    await star(member, 'ocean', members.sub.id);
    expect(await evaluate('ocean', members.item.id, now)).toBe(1);
    expect(await alertsOf(members.item.id)).toEqual([
      { recipientId: member.userId, text: 'Watch the ETA: Rolled to another vessel or voyage' },
    ]);

    // The owner's star: the workspace rule sees it and tells everyone.
    const owners = await oceanShipment(team.defaultWorkspaceId, rolled);
    await star(team.owner, 'ocean', owners.sub.id);
    expect(await evaluate('ocean', owners.item.id, now)).toBe(1);
    expect((await alertsOf(owners.item.id)).map((a) => a.recipientId).sort()).toEqual(
      [team.owner.userId, member.userId].sort(),
    );

    // Express: the member's star is not the admin's.
    const parcel = await expressShipment(team.defaultWorkspaceId, { status: 'exception' });
    await star(member, 'express', parcel.sub.id);
    expect(await evaluate('express', parcel.item.id, now)).toBe(0);
    await star(team.owner, 'express', parcel.sub.id);
    expect(await evaluate('express', parcel.item.id, now)).toBe(1);
  });
  it('applies a tag filter: shipments carrying any of the rule’s tags, regardless of case', async () => {
    const team = await quietTeam();
    await addRule(
      team.owner,
      rule({
        condition: { kind: 'rolled' },
        filters: { carriers: [], pol: [], pod: [], tags: ['Urgent', 'reefer'], favoritesOnly: false },
      }),
    );
    const rolled = { rolledAt: new Date('2026-11-10T00:00:00Z') };
    const now = new Date('2026-11-20T00:00:00Z');
    const untagged = await oceanShipment(team.defaultWorkspaceId, rolled);
    expect(await evaluate('ocean', untagged.item.id, now)).toBe(0);
    const other = await oceanShipment(team.defaultWorkspaceId, { ...rolled, tags: ['urgently'] });
    expect(await evaluate('ocean', other.item.id, now)).toBe(0);
    const urgent = await oceanShipment(team.defaultWorkspaceId, {
      ...rolled,
      tags: ['customer A', 'urgent'],
    });
    expect(await evaluate('ocean', urgent.item.id, now)).toBe(1);
    const reefer = await oceanShipment(team.defaultWorkspaceId, { ...rolled, tags: ['Reefer'] });
    expect(await evaluate('ocean', reefer.item.id, now)).toBe(1);
    expect(await alertsOf(untagged.item.id)).toHaveLength(0);
    expect(await alertsOf(urgent.item.id)).not.toHaveLength(0);

    // Express too.
    await addRule(
      team.owner,
      rule({
        mode: 'express',
        condition: { kind: 'exception' },
        filters: { carriers: [], pol: [], pod: [], tags: ['returns'], favoritesOnly: false },
      }),
    );
    const plain = await expressShipment(team.defaultWorkspaceId, { status: 'exception' });
    expect(await evaluate('express', plain.item.id, now)).toBe(0);
    const returns = await expressShipment(team.defaultWorkspaceId, {
      status: 'exception',
      tags: ['Returns'],
    });
    expect(await evaluate('express', returns.item.id, now)).toBe(1);
  });

  it('applies a company filter: shipments naming any of the companies as any party', async () => {
    const team = await quietTeam();
    const other = await quietTeam();
    const company = async (owner: typeof team.owner, name: string) =>
      (await call(owner, 'POST', '/api/companies', { name })).json<{ result: { id: string } }>().result.id;
    const acme = await company(team.owner, 'Acme');
    const beta = await company(team.owner, 'Beta');
    const theirs = await company(other.owner, 'Theirs');
    const filters = { carriers: [], pol: [], pod: [], tags: [], favoritesOnly: false };
    // Another workspace's company is refused, as is an id that is no company.
    for (const id of [theirs, 'not-a-company']) {
      const refused = await call(
        team.owner,
        'POST',
        '/api/alert-rules',
        rule({ filters: { ...filters, companies: [id] } }),
      );
      expect(refused.statusCode).toBe(400);
    }
    await addRule(
      team.owner,
      rule({ condition: { kind: 'rolled' }, filters: { ...filters, companies: [acme] } }),
    );
    const rolled = { rolledAt: new Date('2026-11-10T00:00:00Z') };
    const now = new Date('2026-11-20T00:00:00Z');
    const none = await oceanShipment(team.defaultWorkspaceId, rolled);
    const forBeta = await oceanShipment(team.defaultWorkspaceId, { ...rolled, shipperId: beta });
    const forAcme = await oceanShipment(team.defaultWorkspaceId, { ...rolled, forwarderId: acme });
    expect(await evaluate('ocean', none.item.id, now)).toBe(0);
    expect(await evaluate('ocean', forBeta.item.id, now)).toBe(0);
    expect(await evaluate('ocean', forAcme.item.id, now)).toBe(1);
    // A rule saved before the company filter existed has none: it reads as [] and filters nothing.
    await ctx.pool.query(`UPDATE alert_rules SET filters = filters - 'companies' WHERE workspace_id = $1`, [
      team.defaultWorkspaceId,
    ]);
    const listed = (await call(team.owner, 'GET', '/api/alert-rules')).json<{
      result: { rules: { filters: { companies: string[] } }[] };
    }>().result.rules;
    expect(listed.map((r) => r.filters.companies)).toEqual([[]]);
    expect(await evaluate('ocean', none.item.id, now)).toBe(1);
  });

  it('refuses a rule whose tag filter is not a tag', async () => {
    const team = await quietTeam();
    const res = await call(
      team.owner,
      'POST',
      '/api/alert-rules',
      rule({ filters: { carriers: [], pol: [], pod: [], tags: ['x'.repeat(31)], favoritesOnly: false } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('A tag has at most 30 characters.');
  });
});
