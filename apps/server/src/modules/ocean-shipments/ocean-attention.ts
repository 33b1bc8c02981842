import { sql } from 'drizzle-orm';
import {
  ETA_SLIP_THRESHOLD_HOURS,
  LFD_SOON_DAYS,
  STALE_AFTER_HOURS,
  type OceanAttentionRule,
} from '@tracklane/shared/dashboard/dashboard.schema';
import { oceanShipments as os, trackedItems as ti } from '../../db/schema/tracking';
import { staleItem, type AttentionRule } from '../dashboard/attention';
import { freeTimeEndsWithin } from './free-time/free-time-clocks';

/**
 * The conditions behind the attention rules, with their thresholds as parameters: the dashboard uses
 * them with its constants, alert rules (modules/alerts) with a rule's. One definition each.
 */
export const OCEAN_CONDITIONS = {
  /**
   * The free time of the clock that ends next (demurrage at the terminal, detention outside, or the
   * merged pool; free-time-clocks.ts) ends `from` to `to` days from the port's today (no `from`:
   * passed ones too).
   */
  freeTimeEnds: (now: Date, to: number, from?: number) => freeTimeEndsWithin(now, to, from),
  /** Not yet arrived, and the latest ETA is at least `hours` later than the first one. */
  etaSlipped: (hours: number) =>
    sql`(${os.ata} IS NULL AND ${os.eta} - ${os.firstEta} >= interval '${sql.raw(String(Math.trunc(hours)))} hours')`,
  /** Not yet arrived, and the latest ETA is at least `hours` later than the one announced before it. */
  etaSlippedSinceLast: (hours: number) =>
    sql`(${os.ata} IS NULL AND ${os.eta} - (${ti.derived} -> 'etaHistory' -> -2 ->> 'eta')::timestamptz >= interval '${sql.raw(String(Math.trunc(hours)))} hours')`,
  /** Moved to another vessel or voyage, worth attention until the box reaches its port of discharge. */
  rolled: () => sql`(${os.rolledAt} IS NOT NULL AND ${os.ata} IS NULL)`,
  /**
   * Held at the terminal of discharge (customs, the line or the terminal), as the organization's
   * terminal connection last said, while the box is still there (ADR 0039).
   */
  onHold: () => sql`(${os.terminalOnHold})`,
  /** Ready for delivery at the terminal and held by nobody, still there (ADR 0039). */
  availableForPickup: () => sql`(${os.terminalAvailable})`,
  /** Discharged and not yet picked up (arrived `since` or earlier, when given). */
  dischargedNotPickedUp: (since?: Date) =>
    since ? sql`(${os.status} = 'discharged' AND ${os.ata} <= ${since})` : sql`(${os.status} = 'discharged')`,
};

/**
 * One definition of each ocean attention rule, used by the dashboard's counts and top items and by the
 * list's `attention=` filter. Conditions read ocean_shipments joined to tracked_items; the caller adds
 * the workspace and `NOT archived`. `order` lists the most urgent first.
 */
export const OCEAN_ATTENTION: Record<OceanAttentionRule, AttentionRule> = {
  // The last free day of whichever clock runs: demurrage while the box is at the terminal, detention
  // once it is out (or the merged pool's), as the detail and the list's free time show it.
  lfdPassed: {
    label: 'Last free day passed',
    where: (now) => OCEAN_CONDITIONS.freeTimeEnds(now, -1),
    order: sql`${os.freeTimeEndsOn} ASC, ${os.id}`,
  },
  lfdToday: {
    label: 'Last free day today',
    where: (now) => OCEAN_CONDITIONS.freeTimeEnds(now, 0, 0),
    order: sql`${os.freeTimeEndsOn} ASC, ${os.id}`,
  },
  lfdSoon: {
    label: `Last free day within ${String(LFD_SOON_DAYS)} days`,
    where: (now) => OCEAN_CONDITIONS.freeTimeEnds(now, LFD_SOON_DAYS, 1),
    order: sql`${os.freeTimeEndsOn} ASC, ${os.id}`,
  },
  // The organization's terminal connection's word (ADR 0039), the nearest free-time end first.
  onHold: {
    label: 'On hold at the terminal',
    where: () => OCEAN_CONDITIONS.onHold(),
    order: sql`${os.freeTimeEndsOn} ASC, ${os.id}`,
  },
  availableForPickup: {
    label: 'Available for pickup',
    where: () => OCEAN_CONDITIONS.availableForPickup(),
    order: sql`${os.freeTimeEndsOn} ASC, ${os.id}`,
  },
  etaSlipped: {
    label: 'ETA slipped',
    where: () => OCEAN_CONDITIONS.etaSlipped(ETA_SLIP_THRESHOLD_HOURS),
    order: sql`${os.eta} - ${os.firstEta} DESC, ${os.id} DESC`,
  },
  rolled: {
    label: 'Rolled to another vessel',
    // Worth attention until the box reaches its port of discharge.
    where: () => OCEAN_CONDITIONS.rolled(),
    order: sql`${os.rolledAt} DESC, ${os.id} DESC`,
  },
  arrivedNotPickedUp: {
    label: 'Discharged, not picked up',
    where: () => OCEAN_CONDITIONS.dischargedNotPickedUp(),
    order: sql`${os.ata} ASC NULLS LAST, ${os.id}`,
  },
  notFound: {
    label: 'Not found',
    where: () => sql`(${os.state} = 'not_found')`,
    order: sql`${os.createdAt} DESC, ${os.id} DESC`,
  },
  // Nobody is asked about these (ADR 0035): neither not found nor stale.
  noConnection: {
    label: 'No connection',
    where: () => sql`(${os.state} = 'no_source')`,
    order: sql`${os.createdAt} DESC, ${os.id} DESC`,
  },
  stale: {
    label: `No fresh data for ${String(STALE_AFTER_HOURS)} h`,
    readsItem: true,
    where: (now) => staleItem(now, STALE_AFTER_HOURS),
    order: sql`${ti.lastCheckedAt} ASC NULLS FIRST, ${os.id}`,
  },
};
