import { sql, type SQL } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { NO_ORGANIZATION, trackedItems, UNKNOWN_TIME } from '../../db/schema/tracking';
import type { TrackingEngine } from './refresh.service';
import type { ItemScope } from './tracking-mode';
import { theOrganization } from '../../tenancy/scope';

/**
 * Whether an organization's shipments without a real data source get the demo carriers' data: the
 * demo account's organization, or every organization when the operator sets DEMO_CARRIERS.
 */
export async function demoAllowed(
  db: Database,
  engine: Pick<TrackingEngine, 'demoCarriers'>,
  organizationId: string,
): Promise<boolean> {
  if (engine.demoCarriers) return true;
  const [row] = await db
    .select({ demo: organizations.demo })
    .from(organizations)
    .where(theOrganization({ organizationId }));
  return row?.demo ?? false;
}

/** The scope an organization's new shipments of each carrier follow (ADR 0035), by carrier. */
export async function routeCarriers(
  db: Database,
  engine: Pick<TrackingEngine, 'modes' | 'demoCarriers'>,
  mode: TrackingMode,
  organizationId: string,
  carriers: readonly string[],
): Promise<Map<string, ItemScope>> {
  const demo = await demoAllowed(db, engine, organizationId);
  const sources = engine.modes[mode].sources;
  const routed = new Map<string, ItemScope>();
  for (const carrier of new Set(carriers))
    routed.set(carrier, await sources.route(db, organizationId, carrier, demo));
  return routed;
}

/** The columns a new tracked item of this scope starts with: nobody to ask makes it `no_source`. */
export function scopeColumns(scope: ItemScope) {
  return scope.scope === 'none'
    ? { scope: scope.scope, organizationId: null, state: 'no_source' as const, nextCheckAt: UNKNOWN_TIME }
    : { scope: scope.scope, organizationId: scope.organizationId };
}

/** SQL: the tracked item is of this scope. */
export function inScope(scope: ItemScope): SQL {
  return sql`(${trackedItems.scope} = ${scope.scope} AND COALESCE(${trackedItems.organizationId}, ${NO_ORGANIZATION}::uuid) = ${scope.organizationId ?? NO_ORGANIZATION}::uuid)`;
}

export const scopeKey = (s: ItemScope): string => `${s.scope}|${s.organizationId ?? ''}`;
