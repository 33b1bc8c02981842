import { describe, expect, it } from 'vitest';
import {
  computeFreeTimeClocks,
  lastFreeDayOf,
  localDate,
  projectFreeTimeCost,
  tieredCost,
  type ClockMilestones,
} from './free-time';
import type { FreeTimeTerms } from './free-time.schema';

const tiers = [
  { days: 4, rate: 75 },
  { days: 4, rate: 150 },
  { days: null, rate: 250 },
];
const terms = (over: Partial<FreeTimeTerms['demurrage']> = {}): FreeTimeTerms => ({
  currency: 'USD',
  demurrage: { freeDays: 4, dayCount: 'calendar', tiers, ...over },
  detention: { freeDays: 3, dayCount: 'calendar', tiers: [{ days: null, rate: 100 }] },
});
const none: ClockMilestones = {
  discharged: null,
  fullGateOut: null,
  emptyReturned: null,
  carrierLastFreeDay: null,
};
const UTC = 'UTC';

describe('tieredCost', () => {
  it('charges each tier up to its edge and the last tier beyond', () => {
    expect(tieredCost(tiers, 0)).toBe(0);
    expect(tieredCost(tiers, 1)).toBe(75);
    expect(tieredCost(tiers, 4)).toBe(300);
    expect(tieredCost(tiers, 5)).toBe(450);
    expect(tieredCost(tiers, 8)).toBe(900);
    expect(tieredCost(tiers, 9)).toBe(1150);
    expect(tieredCost(tiers, 12)).toBe(1900);
  });

  it('runs the last tier on even when it has an end', () => {
    expect(tieredCost([{ days: 2, rate: 10 }], 5)).toBe(50);
  });
});

describe('lastFreeDayOf', () => {
  it('counts the day of the event as the first calendar free day', () => {
    expect(lastFreeDayOf('2026-11-20', { freeDays: 1, dayCount: 'calendar' })).toBe('2026-11-20');
    expect(lastFreeDayOf('2026-11-20', { freeDays: 3, dayCount: 'calendar' })).toBe('2026-11-22');
  });

  it('skips the weekend when counting working days', () => {
    // 2026-11-20 is a Friday: Friday, Monday, Tuesday.
    expect(lastFreeDayOf('2026-11-20', { freeDays: 3, dayCount: 'working' })).toBe('2026-11-24');
    // Discharged on a Saturday: the count starts on Monday.
    expect(lastFreeDayOf('2026-11-21', { freeDays: 1, dayCount: 'working' })).toBe('2026-11-23');
    expect(lastFreeDayOf('2026-11-21', { freeDays: 3, dayCount: 'working' })).toBe('2026-11-25');
  });

  it('charges from the first day when there are no free days', () => {
    expect(lastFreeDayOf('2026-11-20', { freeDays: 0, dayCount: 'working' })).toBe('2026-11-19');
  });
});

describe('computeFreeTimeClocks', () => {
  it('has no clock before discharge', () => {
    const c = computeFreeTimeClocks(terms(), none, { timeZone: UTC, now: new Date('2026-11-20T10:00:00Z') });
    expect(c.demurrage.state).toBe('not_started');
    expect(c.detention.state).toBe('not_started');
    expect(c.cost).toBe(0);
    expect(c.next).toBeNull();
  });

  it('counts days left to the last free day, 0 on the day itself, then days over and their cost', () => {
    const m = { ...none, discharged: '2026-11-10T08:00:00Z' };
    const at = (day: string) =>
      computeFreeTimeClocks(terms(), m, { timeZone: UTC, now: new Date(`${day}T10:00:00Z`) });
    expect(at('2026-11-11').demurrage).toMatchObject({
      state: 'running',
      lastFreeDay: '2026-11-13',
      daysLeft: 2,
      cost: 0,
    });
    expect(at('2026-11-13').demurrage).toMatchObject({ daysLeft: 0, chargedDays: 0, cost: 0 });
    expect(at('2026-11-14').demurrage).toMatchObject({ daysLeft: -1, chargedDays: 1, cost: 75 });
    // Tier edge: the 5th charged day is the first at 150.
    expect(at('2026-11-17').demurrage).toMatchObject({ chargedDays: 4, cost: 300 });
    expect(at('2026-11-18').demurrage).toMatchObject({ chargedDays: 5, cost: 450 });
    expect(at('2026-11-18').next).toEqual({ clock: 'demurrage', lastFreeDay: '2026-11-13', daysLeft: -5 });
  });

  it('counts working days over a weekend', () => {
    // Discharged Friday 20 Nov; 3 working days: Fri, Mon, Tue; Wednesday is the first charged day.
    const m = { ...none, discharged: '2026-11-20T09:00:00Z' };
    const t = terms({ freeDays: 3, dayCount: 'working' });
    const tue = computeFreeTimeClocks(t, m, { timeZone: UTC, now: new Date('2026-11-24T12:00:00Z') });
    expect(tue.demurrage).toMatchObject({ lastFreeDay: '2026-11-24', daysLeft: 0, cost: 0 });
    const wed = computeFreeTimeClocks(t, m, { timeZone: UTC, now: new Date('2026-11-25T12:00:00Z') });
    expect(wed.demurrage).toMatchObject({ daysLeft: -1, chargedDays: 1, cost: 75 });
  });

  it('counts in the port’s calendar: a late-evening discharge in Los Angeles is that day there', () => {
    const m = { ...none, discharged: '2026-11-11T07:30:00Z' }; // 23:30 on the 10th in Los Angeles
    expect(localDate(m.discharged, 'America/Los_Angeles')).toBe('2026-11-10');
    const la = computeFreeTimeClocks(terms(), m, {
      timeZone: 'America/Los_Angeles',
      now: new Date('2026-11-12T18:00:00Z'),
    });
    expect(la.demurrage.lastFreeDay).toBe('2026-11-13');
    const utc = computeFreeTimeClocks(terms(), m, { timeZone: UTC, now: new Date('2026-11-12T18:00:00Z') });
    expect(utc.demurrage.lastFreeDay).toBe('2026-11-14');
  });

  it('follows a corrected discharge date: the answer is that of the latest facts', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const first = computeFreeTimeClocks(
      terms(),
      { ...none, discharged: '2026-11-10T08:00:00Z' },
      { timeZone: UTC, now },
    );
    expect(first.demurrage).toMatchObject({ lastFreeDay: '2026-11-13', chargedDays: 7, cost: 750 });
    const corrected = computeFreeTimeClocks(
      terms(),
      { ...none, discharged: '2026-11-14T08:00:00Z' },
      { timeZone: UTC, now },
    );
    expect(corrected.demurrage).toMatchObject({ lastFreeDay: '2026-11-17', chargedDays: 3, cost: 225 });
  });

  it('stops demurrage at a gate-out reported late and runs detention from that day', () => {
    const m = { ...none, discharged: '2026-11-10T08:00:00Z', fullGateOut: '2026-11-15T08:00:00Z' };
    const c = computeFreeTimeClocks(terms(), m, { timeZone: UTC, now: new Date('2026-11-25T08:00:00Z') });
    expect(c.demurrage).toMatchObject({
      state: 'stopped',
      endedOn: '2026-11-15',
      chargedDays: 2,
      cost: 150,
      daysLeft: null,
    });
    // Detention: 3 free days from the 15th (15-17), charged 18-25 = 8 days at 100.
    expect(c.detention).toMatchObject({
      state: 'running',
      lastFreeDay: '2026-11-17',
      chargedDays: 8,
      cost: 800,
    });
    expect(c.cost).toBe(950);
    expect(c.next).toEqual({ clock: 'detention', lastFreeDay: '2026-11-17', daysLeft: -8 });
  });

  it('stops both at the empty return', () => {
    const m = {
      discharged: '2026-11-10T08:00:00Z',
      fullGateOut: '2026-11-12T08:00:00Z',
      emptyReturned: '2026-11-16T08:00:00Z',
      carrierLastFreeDay: null,
    };
    const c = computeFreeTimeClocks(terms(), m, { timeZone: UTC, now: new Date('2026-12-20T08:00:00Z') });
    expect(c.detention).toMatchObject({ state: 'stopped', chargedDays: 2, cost: 200 });
    expect(c.demurrage.cost).toBe(0);
    expect(c.next).toBeNull();
  });

  it('takes the carrier’s last free day over its own count', () => {
    const m = { ...none, discharged: '2026-11-10T08:00:00Z', carrierLastFreeDay: '2026-11-18T00:00:00.000Z' };
    const c = computeFreeTimeClocks(terms(), m, {
      timeZone: 'America/New_York',
      now: new Date('2026-11-19T15:00:00Z'),
    });
    expect(c.demurrage).toMatchObject({ lastFreeDay: '2026-11-18', daysLeft: -1, cost: 75 });
  });
});

describe('the clock whose free time ends next', () => {
  it('is detention once the box is out, with its own last free day and days left, never demurrage’s', () => {
    // Demurrage's last free day (the carrier's) was today; the box left yesterday: detention runs.
    const m = {
      discharged: '2026-11-24T08:00:00Z',
      fullGateOut: '2026-11-26T08:00:00Z',
      emptyReturned: null,
      carrierLastFreeDay: '2026-11-27',
    };
    const c = computeFreeTimeClocks(terms(), m, { timeZone: UTC, now: new Date('2026-11-27T10:00:00Z') });
    expect(c.demurrage).toMatchObject({ state: 'stopped', lastFreeDay: '2026-11-27' });
    // 3 free detention days from the 26th: the 28th is the last, 1 day left.
    expect(c.detention).toMatchObject({ state: 'running', lastFreeDay: '2026-11-28', daysLeft: 1 });
    expect(c.next).toEqual({ clock: 'detention', lastFreeDay: '2026-11-28', daysLeft: 1 });
  });

  it('is demurrage when the carrier gives its last free day before any discharge reached us', () => {
    const m = { ...none, carrierLastFreeDay: '2026-11-28' };
    const c = computeFreeTimeClocks(terms(), m, { timeZone: UTC, now: new Date('2026-11-27T10:00:00Z') });
    expect(c.demurrage.state).toBe('not_started');
    expect(c.next).toEqual({ clock: 'demurrage', lastFreeDay: '2026-11-28', daysLeft: 1 });
  });
});

describe('merged (combined) free time', () => {
  const merged: FreeTimeTerms = {
    ...terms(),
    combined: {
      freeDays: 7,
      dayCount: 'calendar',
      tiers: [
        { days: 2, rate: 50 },
        { days: null, rate: 80 },
      ],
    },
  };

  it('counts one pool from discharge: both clocks end on its last free day', () => {
    const m = { ...none, discharged: '2026-11-10T08:00:00Z' };
    const c = computeFreeTimeClocks(merged, m, { timeZone: UTC, now: new Date('2026-11-12T10:00:00Z') });
    expect(c.combined).toBe(true);
    expect(c.demurrage).toMatchObject({ state: 'running', lastFreeDay: '2026-11-16', daysLeft: 4 });
    expect(c.detention).toMatchObject({ state: 'not_started', lastFreeDay: '2026-11-16' });
    expect(c.next).toEqual({ clock: 'demurrage', lastFreeDay: '2026-11-16', daysLeft: 4 });
  });

  it('carries the pool over the gate-out: detention runs to the same day, and charges continue the tiers', () => {
    // Discharged the 10th, out the 14th (2 days left of the pool), back the 21st: 5 days over (17-21).
    const m = { ...none, discharged: '2026-11-10T08:00:00Z', fullGateOut: '2026-11-14T08:00:00Z' };
    const out = computeFreeTimeClocks(merged, m, { timeZone: UTC, now: new Date('2026-11-15T10:00:00Z') });
    expect(out.demurrage).toMatchObject({ state: 'stopped', chargedDays: 0, cost: 0 });
    expect(out.detention).toMatchObject({ state: 'running', lastFreeDay: '2026-11-16', daysLeft: 1 });
    expect(out.next).toEqual({ clock: 'detention', lastFreeDay: '2026-11-16', daysLeft: 1 });
    const back = computeFreeTimeClocks(
      merged,
      { ...m, emptyReturned: '2026-11-21T08:00:00Z' },
      { timeZone: UTC, now: new Date('2026-11-30T10:00:00Z') },
    );
    expect(back.detention).toMatchObject({ state: 'stopped', chargedDays: 5, cost: 2 * 50 + 3 * 80 });
    expect(back.next).toBeNull();
  });

  it('splits the charge by where the box was: days over at the terminal are demurrage, the rest detention', () => {
    // Pool ends the 16th; out the 18th (2 days over at the terminal), back the 20th (2 more).
    const m = {
      ...none,
      discharged: '2026-11-10T08:00:00Z',
      fullGateOut: '2026-11-18T08:00:00Z',
      emptyReturned: '2026-11-20T08:00:00Z',
    };
    const c = computeFreeTimeClocks(merged, m, { timeZone: UTC, now: new Date('2026-11-30T10:00:00Z') });
    expect(c.demurrage).toMatchObject({ chargedDays: 2, cost: 100 });
    expect(c.detention).toMatchObject({ chargedDays: 2, cost: 160 });
    expect(c.cost).toBe(260);
  });
});

describe('projectFreeTimeCost', () => {
  it('prices a return on a chosen day, picking the box up that day when it is still at the terminal', () => {
    const m = { ...none, discharged: '2026-11-10T08:00:00Z' };
    const p = projectFreeTimeCost(terms(), m, { timeZone: UTC }, '2026-11-16');
    expect(p.demurrage).toMatchObject({ state: 'stopped', chargedDays: 3, cost: 225 });
    expect(p.detention).toMatchObject({ state: 'stopped', chargedDays: 0, cost: 0 });
    expect(p.cost).toBe(225);
  });

  it('prices only detention once the box is out', () => {
    const m = { ...none, discharged: '2026-11-10T08:00:00Z', fullGateOut: '2026-11-12T08:00:00Z' };
    const p = projectFreeTimeCost(terms(), m, { timeZone: UTC }, '2026-11-20');
    expect(p.detention).toMatchObject({ lastFreeDay: '2026-11-14', chargedDays: 6, cost: 600 });
    expect(p.cost).toBe(600);
  });
});

describe('whose last free day demurrage ends on (ADR 0039)', () => {
  // Discharged on 1 March: the terms' 4 free days end on the 4th.
  const at = { timeZone: 'America/Los_Angeles', now: new Date('2026-03-06T20:00:00Z') };
  const discharged: ClockMilestones = { ...none, discharged: '2026-03-01T10:00:00-08:00' };
  const demurrageOf = (m: ClockMilestones) => {
    const { lastFreeDay, lastFreeDaySource, daysLeft, chargedDays } = computeFreeTimeClocks(
      terms(),
      m,
      at,
    ).demurrage;
    return { lastFreeDay, lastFreeDaySource, daysLeft, chargedDays };
  };

  it('is set by hand, else the terminal’s, else the carrier’s, else the tariff’s count', () => {
    const carrier = { ...discharged, carrierLastFreeDay: '2026-03-05' };
    const terminal = { ...carrier, terminalLastFreeDay: '2026-03-08' };
    const manual = { ...terminal, manualLastFreeDay: '2026-03-03' };
    expect(demurrageOf(discharged)).toEqual({
      lastFreeDay: '2026-03-04',
      lastFreeDaySource: 'tariff',
      daysLeft: -2,
      chargedDays: 2,
    });
    expect(demurrageOf(carrier)).toMatchObject({ lastFreeDay: '2026-03-05', lastFreeDaySource: 'carrier' });
    expect(demurrageOf(terminal)).toEqual({
      lastFreeDay: '2026-03-08',
      lastFreeDaySource: 'terminal',
      daysLeft: 2,
      chargedDays: 0,
    });
    expect(demurrageOf(manual)).toMatchObject({ lastFreeDay: '2026-03-03', lastFreeDaySource: 'manual' });
    // A terminal's storage paid through, as a date: the same calendar day in the port's zone.
    expect(demurrageOf({ ...discharged, terminalLastFreeDay: '2026-03-07T00:00:00Z' })).toMatchObject({
      lastFreeDay: '2026-03-07',
      lastFreeDaySource: 'terminal',
    });
  });

  it('names the terminal’s day before a discharge reached us, as the clock that ends next', () => {
    const clocks = computeFreeTimeClocks(terms(), { ...none, terminalLastFreeDay: '2026-03-09' }, at);
    expect(clocks.demurrage).toMatchObject({ state: 'not_started', lastFreeDaySource: 'terminal' });
    expect(clocks.next).toEqual({ clock: 'demurrage', lastFreeDay: '2026-03-09', daysLeft: 3 });
  });

  it('leaves merged free time to its pool, unless a day is set by hand', () => {
    const merged: FreeTimeTerms = { ...terms(), combined: { freeDays: 10, dayCount: 'calendar', tiers } };
    const terminal = { ...discharged, terminalLastFreeDay: '2026-03-05' };
    expect(computeFreeTimeClocks(merged, terminal, at).demurrage).toMatchObject({
      lastFreeDay: '2026-03-10',
      lastFreeDaySource: 'tariff',
    });
    expect(
      computeFreeTimeClocks(merged, { ...terminal, manualLastFreeDay: '2026-03-02' }, at).demurrage,
    ).toMatchObject({ lastFreeDay: '2026-03-02', lastFreeDaySource: 'manual', chargedDays: 4 });
  });
});
