// What every mode's dashboard shares: time helpers, reasons, counts by rule and week, map merging.
import { and, count, desc, eq, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { MAP_TOP_ITEMS, type ReasonPart } from '@tracklane/shared/dashboard/dashboard.schema';
import type { MapPlaceKind } from '@tracklane/shared/tracking/shipment-map.schema';
import {
  HOLD_KINDS,
  HOLD_KIND_LABELS,
  type TerminalFacts,
} from '@tracklane/shared/terminal-availability/terminal-availability';
import type { Database } from '../../db/client';
import { trackedItems as ti } from '../../db/schema/tracking';
import type { SubscriptionTable } from '../tracking/tracking-mode';
import type { AttentionRule } from './attention';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Monday 00:00 UTC of the week of `now`. */
export function startOfWeek(now: Date): Date {
  const day = Math.floor(now.getTime() / DAY);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  return new Date((day - ((day + 3) % 7)) * DAY);
}

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
// Reasons carry their dates as dates: the page writes them as it writes every date (spec §9).
export const text = (value: string): ReasonPart => ({ kind: 'text', value });
export const instant = (d: Date | string): ReasonPart => ({
  kind: 'instant',
  value: new Date(d).toISOString(),
});
export const day = (value: string): ReasonPart => ({ kind: 'day', value });
export const countOf = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);

export function hoursBetween(from: Date, to: Date): string {
  const hours = Math.round((to.getTime() - from.getTime()) / HOUR);
  return hours >= 48 ? `${String(Math.round(hours / 24))} days` : `${String(hours)} h`;
}

export type MapPosition<Item> = {
  key: string;
  kind: MapPlaceKind;
  name: string;
  lat: number;
  lon: number;
  count: number;
  items: Item[];
};

/** Positions that land on one key (e.g. one vessel reported with two ETAs) become one. */
export function mergePositions<Item>(positions: MapPosition<Item>[]): MapPosition<Item>[] {
  const byKey = new Map<string, MapPosition<Item>>();
  for (const p of positions) {
    const seen = byKey.get(p.key);
    if (!seen) byKey.set(p.key, { ...p, items: p.items.slice(0, MAP_TOP_ITEMS) });
    else {
      seen.count += p.count;
      seen.items = [...seen.items, ...p.items].slice(0, MAP_TOP_ITEMS);
    }
  }
  return [...byKey.values()].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

export type Subscriptions = SubscriptionTable;

/**
 * Each rule's count over a mode's non-archived subscriptions (`base`): one query per rule with the
 * condition in WHERE, so that each is a range of an index made for it (attention.ts) and costs what
 * it matches, not what the workspace holds; a rule that reads the item (stale) starts from the items'
 * indexes and joins the workspace's subscriptions by item.
 */
export async function countRules<Rule extends string>(
  db: Database,
  table: Subscriptions,
  base: SQL | undefined,
  rules: readonly Rule[],
  definitions: Record<Rule, AttentionRule>,
  now: Date,
): Promise<Record<Rule, number>> {
  const counts = await Promise.all(
    rules.map(async (rule) => {
      const query = db.select({ n: count() }).from(table);
      const joined = definitions[rule].readsItem ? query.innerJoin(ti, eq(ti.id, table.itemId)) : query;
      const [row] = await joined.where(and(base, definitions[rule].where(now)));
      return [rule, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<Rule, number>;
}

/** How many of the subscriptions' `at` days fall this week (from Monday, UTC) and next. */
export async function weekCounts(
  db: Database,
  table: Subscriptions,
  at: SQLWrapper,
  base: SQL | undefined,
  now: Date,
): Promise<{ thisWeek: number; nextWeek: number }> {
  const week = startOfWeek(now);
  const nextWeek = new Date(week.getTime() + 7 * DAY);
  const weekAfter = new Date(week.getTime() + 14 * DAY);
  const [row] = await db
    .select({
      thisWeek: countOf(sql`${at} < ${nextWeek}`),
      nextWeek: countOf(sql`${at} >= ${nextWeek}`),
    })
    .from(table)
    .where(and(base, sql`${at} >= ${week} AND ${at} < ${weekAfter}`));
  return { thisWeek: row?.thisWeek ?? 0, nextWeek: row?.nextWeek ?? 0 };
}

/** When any of the subscriptions' items was last checked (updatedTime). */
export async function latestCheck(
  db: Database,
  table: Subscriptions,
  base: SQL | undefined,
): Promise<string | null> {
  const [row] = await db
    .select({ at: ti.lastCheckedAt })
    .from(table)
    .innerJoin(ti, eq(ti.id, table.itemId))
    .where(and(base, isNotNull(ti.lastCheckedAt)))
    .orderBy(desc(ti.lastCheckedAt))
    .limit(1);
  return iso(row?.at ?? null);
}

/** Shown on the map: the shipments still being followed (not completed, not given up). */
export const SHOWN_STATES = new Set(['pending', 'active']);

/** The carriers with the most shipments, most first (at most ten). */
export function topCarriers(groups: { carrier: string; count: number }[]) {
  const byCarrier = new Map<string, number>();
  for (const g of groups) byCarrier.set(g.carrier, (byCarrier.get(g.carrier) ?? 0) + g.count);
  return [...byCarrier]
    .map(([carrier, count]) => ({ carrier, count }))
    .sort((a, b) => b.count - a.count || a.carrier.localeCompare(b.carrier))
    .slice(0, 10);
}

/** What the terminal said: who holds the box, or that it may be picked up, where, and until when. */
export function terminalReason(
  rule: 'onHold' | 'availableForPickup',
  facts: TerminalFacts | null,
): ReasonPart[] {
  if (!facts) return [text(rule === 'onHold' ? 'On hold at the terminal' : 'Available for pickup')];
  const parts: ReasonPart[] = [];
  if (rule === 'onHold') {
    const held = HOLD_KINDS.filter((kind) => facts.holds[kind].state === 'held').map((kind) =>
      HOLD_KIND_LABELS[kind].toLowerCase(),
    );
    const who = held.length ? held.join(' and ') : 'a';
    parts.push(text(`${who.charAt(0).toUpperCase()}${who.slice(1)} hold at ${facts.facility}`));
  } else {
    parts.push(text(`Available at ${facts.facility}`));
    if (facts.yardLocation) parts.push(text(` · yard ${facts.yardLocation}`));
  }
  if (facts.lastFreeDay) parts.push(text(' · storage paid through '), day(facts.lastFreeDay));
  return parts;
}
