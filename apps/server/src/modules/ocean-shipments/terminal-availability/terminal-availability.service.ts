import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  isTerminalKind,
  TERMINAL_KINDS,
  TERMINAL_OPERATORS,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import {
  facilityName,
  terminalStatus,
  type TerminalAvailability,
  type TerminalFacts,
} from '@tracklane/shared/terminal-availability/terminal-availability';
import type { Database, DatabaseHandle } from '../../../db/client';
import { carrierConnections } from '../../../db/schema/carrier-connections';
import { workspaces } from '../../../db/schema/organizations';
import { oceanShipments, terminalFacts, trackedItems } from '../../../db/schema/tracking';
import { withTransaction } from '../../../lib/transaction';
import { evaluateAlerts } from '../../alerts/alert-evaluation';
import { updateFreeTimeClocks } from '../free-time/free-time-clocks';
import { announceTerminalChange, updateTerminalColumns } from './terminal-columns';
import { refreshTerminals, type TerminalSources } from './terminal-refresh';
import { inOrganization, theWorkspace } from '../../../tenancy/scope';

/**
 * What the workspace's organization's enabled terminal connection last said of the item (ADR 0039),
 * for the shipment's detail; null when none has asked. Another organization's answer is never read.
 */
export async function terminalAvailabilityOf(
  db: Database,
  itemId: string,
  workspaceId: string,
): Promise<TerminalAvailability | null> {
  const [row] = await db
    .select({ facts: terminalFacts, kind: carrierConnections.kind })
    .from(terminalFacts)
    .innerJoin(workspaces, eq(workspaces.organizationId, terminalFacts.organizationId))
    .innerJoin(
      carrierConnections,
      and(eq(carrierConnections.id, terminalFacts.connectionId), eq(carrierConnections.enabled, true)),
    )
    .where(and(eq(terminalFacts.itemId, itemId), theWorkspace({ workspaceId })))
    .limit(1);
  if (!row || !isTerminalKind(row.kind)) return null;
  const facts = row.facts.facts as TerminalFacts | null;
  return {
    operator: TERMINAL_OPERATORS[row.kind].name,
    facility: row.facts.facility,
    facilityName: facilityName(row.facts.facility),
    status: terminalStatus(facts),
    checkedAt: row.facts.checkedAt.toISOString(),
    answeredAt: row.facts.answeredAt?.toISOString() ?? null,
    facts,
  };
}

/** Containers asked about at once after a connection change; the rest at their next refresh. */
export const ASK_AFTER_CHANGE_MAX = 200;

/**
 * The organization's active ocean shipments bound for one of these terminals (their port of discharge)
 * whose containers are still asked about: a condition over ocean_shipments joined to workspaces and
 * tracked_items.
 */
export const followedAtTerminals = (organizationId: string, terminals: string[]) =>
  and(
    inOrganization({ organizationId }, workspaces),
    eq(oceanShipments.archived, false),
    inArray(oceanShipments.podLocode, terminals),
    sql`${trackedItems.state} NOT IN ('completed', 'no_source')`,
  );

/**
 * After an organization's terminal connection was added, changed, enabled, disabled or deleted
 * (committed): its shipments' terminal columns, clocks and alerts follow what its enabled connections
 * say (a deleted connection's answers went with it; a disabled one's count for nothing), and its
 * containers at the connections' terminals are asked about at once (at most ASK_AFTER_CHANGE_MAX,
 * nearest arrival first).
 */
export async function terminalsChanged(
  database: Pick<DatabaseHandle, 'db' | 'pool'>,
  sources: TerminalSources,
  organizationId: string,
  now = new Date(),
): Promise<void> {
  await withTransaction(database.pool, async ({ tx }) => {
    const written = await updateTerminalColumns(tx, { organizationId });
    await updateFreeTimeClocks(tx, { itemIds: written }, now);
    await evaluateAlerts(tx, 'ocean', { itemIds: written }, now);
    await announceTerminalChange(tx, written, [organizationId]);
  });
  const connections = await database.db
    .select({ terminals: carrierConnections.terminals })
    .from(carrierConnections)
    .where(
      and(
        inOrganization({ organizationId }, carrierConnections),
        inArray(carrierConnections.kind, [...TERMINAL_KINDS]),
        eq(carrierConnections.enabled, true),
      ),
    );
  const terminals = [...new Set(connections.flatMap((c) => c.terminals))];
  if (terminals.length === 0) return;
  const items = await database.db
    .select({ id: trackedItems.id })
    .from(oceanShipments)
    .innerJoin(workspaces, eq(workspaces.id, oceanShipments.workspaceId))
    .innerJoin(trackedItems, eq(trackedItems.id, oceanShipments.itemId))
    .where(followedAtTerminals(organizationId, terminals))
    .orderBy(sql`abs(extract(epoch FROM ${oceanShipments.arrivalAt} - ${now}::timestamptz))`)
    .limit(ASK_AFTER_CHANGE_MAX);
  // Several workspaces may follow one container: it is asked about once.
  await refreshTerminals(database, sources, [...new Set(items.map((i) => i.id))], now);
}
