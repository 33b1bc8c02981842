import type { Query, QueryClient } from '@tanstack/react-query';
import { dashboardQueryKey } from './dashboard-api';
import { RELIABILITY_QUERY_KEY } from './reliability';
import { TENANT_QUERY_KEY } from './tenant-queries';

/*
 * Which cached answers a live message makes stale (ADR 0041). Invalidation refetches only the queries
 * a page observes now; the others are marked stale and come again when next shown.
 */

/** Where a mode's answers name its shipments: src/modes/registry.ts registers each mode's. */
export interface LiveShipmentKeys {
  /** The query-key root (after the tenant prefix) of its lists, details and options. */
  queryRoot: string;
  /** The field of a detail's answer that holds the shipment's id. */
  idField: string;
  /** The field of a shipment shared with me that holds the mode's detail. */
  sharedField: string;
}

const liveModes: LiveShipmentKeys[] = [];

/** Adds a mode's keys (the registry, once per mode); the returned function removes them. */
export function registerLiveShipmentKeys(keys: LiveShipmentKeys): () => void {
  liveModes.push(keys);
  return () => {
    const at = liveModes.indexOf(keys);
    if (at >= 0) liveModes.splice(at, 1);
  };
}

/** Query-key roots (after the tenant prefix) that hold a mode's shipments. */
const isShipmentRoot = (root: string) => liveModes.some((mode) => mode.queryRoot === root);

/** Every mode's query-key roots, for invalidating all their answers at once. */
export const shipmentQueryRoots = (): string[] => liveModes.map((mode) => mode.queryRoot);
/**
 * Roots of what a workspace's pages show besides the rows: archive history, companies, custom field
 * definitions, e-mail intake (a message received or dropped), dashboards.
 */
const WORKSPACE_ROOTS = new Set([
  'tracking-history',
  'companies',
  'custom-fields',
  'email-intake',
  'exceptions',
  RELIABILITY_QUERY_KEY[1],
  dashboardQueryKey()[1],
]);
/** The one-shipment answers under a mode's root (a bill's page lists several: the workspace's). */
const DETAIL_PARTS = new Set(['detail']);

const isTenantKey = (key: readonly unknown[]) => key[0] === TENANT_QUERY_KEY[0];

/** The shipment ids an answer names, where it names any (a detail names its own). */
function shipmentIdsOf(data: unknown): string[] {
  if (typeof data !== 'object' || data === null) return [];
  const ids: string[] = [];
  for (const field of [...liveModes.map((mode) => mode.idField), 'shipmentId']) {
    const value = (data as Record<string, unknown>)[field];
    if (typeof value === 'string') ids.push(value);
  }
  for (const nested of [...liveModes.map((mode) => mode.sharedField), 'share'])
    ids.push(...shipmentIdsOf((data as Record<string, unknown>)[nested]));
  return ids;
}

/**
 * Whether a one-shipment answer is about another shipment than `shipmentId`: its key or its data names
 * the shipment (a thread and a free-time clock are keyed by it; a detail's data names it); an answer
 * that names no shipment at all (a workspace's shares) is taken to be about it.
 */
function aboutOtherShipment(query: Query, shipmentId: string | undefined, keyedById: boolean): boolean {
  if (shipmentId === undefined || query.queryKey.includes(shipmentId)) return false;
  const ids = shipmentIdsOf(query.state.data);
  if (ids.length > 0) return !ids.includes(shipmentId);
  return keyedById;
}

/**
 * A workspace's shipments moved (a refresh, an archive, tags, new shipments): its lists with their tab
 * counts, options and bills, the archive history and the dashboards. Not the detail pages: those hear
 * of their own shipment.
 */
export function isWorkspaceView(query: Query): boolean {
  const key = query.queryKey;
  if (!isTenantKey(key)) return false;
  const root = key[1];
  if (typeof root !== 'string') return false;
  if (isShipmentRoot(root)) return !DETAIL_PARTS.has(String(key[2]));
  return WORKSPACE_ROOTS.has(root);
}

/**
 * One shipment changed (its data, archive state, tags, comments, shares): its detail, free-time clock,
 * comment thread, the workspace's shares of it and a recipient's shared page. `shipmentId` undefined
 * (after a reconnect): every one of them.
 */
export function isShipmentView(query: Query, shipmentId?: string): boolean {
  const key = query.queryKey;
  let matches = false;
  let keyedById = false;
  if (key[0] === 'shared-with-me') matches = key[1] === 'detail';
  else if (isTenantKey(key)) {
    const root = String(key[1]);
    if (isShipmentRoot(root)) matches = DETAIL_PARTS.has(String(key[2]));
    else if (root === 'comments') matches = keyedById = key[2] === 'thread';
    else if (root === 'shipment-free-time') matches = keyedById = true;
    else matches = root === 'shares';
  }
  return matches && !aboutOtherShipment(query, shipmentId, keyedById);
}

/** Refetches what shows a workspace's shipments (see {@link isWorkspaceView}). */
export function invalidateWorkspaceViews(queryClient: QueryClient): Promise<void> {
  // An answer already on its way may have been read before the change: it is dropped and asked again.
  return queryClient.invalidateQueries({ predicate: isWorkspaceView });
}

/** Refetches what shows one shipment, or every shipment's page (see {@link isShipmentView}). */
export function invalidateShipmentViews(queryClient: QueryClient, shipmentId?: string): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isShipmentView(query, shipmentId) });
}
