import type { Database } from '../../db/client';
import type { TrackingScope } from '../../db/schema/tracking';

/** Whose data an item holds (ADR 0035): the organization for scope `organization` only. */
export interface ItemScope {
  scope: TrackingScope;
  organizationId: string | null;
}

/** Where a mode's data comes from, per scope (ADR 0035). */
export interface ModeSources<P> {
  /**
   * The scope an organization's shipment of this carrier follows: its own enabled connection, else the
   * operator-wide one, else demo data when the organization may have it (`demoAllowed`), else none.
   * It reads through `db`, the caller's transaction: routing runs while intake holds the
   * organization's lock, and a second pool connection taken then would starve the pool.
   */
  route(db: Database, organizationId: string, carrier: string, demoAllowed: boolean): Promise<ItemScope>;
  /** The provider that answers for an item of this scope and carrier, or null when none does (any more). */
  provider(item: ItemScope & { carrier: string }): Promise<P | null>;
}

/**
 * One provider for every item, whose data is shared: a mode wired to a single scripted carrier
 * (benchmarks, and tests of the engine that are not about routing).
 */
export function oneProvider<P>(provider: P): ModeSources<P> {
  return {
    route: () => Promise.resolve({ scope: 'shared', organizationId: null }),
    provider: (item) => Promise.resolve(item.scope === 'none' ? null : provider),
  };
}
