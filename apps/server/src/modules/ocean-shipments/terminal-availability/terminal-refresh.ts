import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  hasLeftTerminal,
  isAvailableForPickup,
  isOnHold,
  type TerminalFacts,
} from '@tracklane/shared/terminal-availability/terminal-availability';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type { DatabaseHandle } from '../../../db/client';
import { workspaces } from '../../../db/schema/organizations';
import { issuedEtas } from '../../../db/schema/reliability';
import { oceanShipments, terminalFacts, trackedItems } from '../../../db/schema/tracking';
import {
  ProviderDeferredError,
  type OrganizationConnections,
  type TerminalConnection,
} from '../../../integrations/tracking/provider';
import { withTransaction } from '../../../lib/transaction';
import { evaluateAlerts } from '../../alerts/alert-evaluation';
import { syncExceptions } from '../../exceptions/exception-sync';
import { updateFreeTimeClocks } from '../free-time/free-time-clocks';
import { DAY } from '../../tracking/backoff';
import { announceTerminalChange, updateTerminalColumns } from './terminal-columns';

/** Where the ocean mode's terminal sources come from: the organizations' terminal connections. */
export interface TerminalSources {
  connections: OrganizationConnections;
  logger: Pick<Logger, 'warn'>;
}

/** A container is asked about at its terminal from this long before its arrival. */
export const TERMINAL_LOOKAHEAD_MS = 3 * DAY;
/** And until this long after the carrier reports its full gate-out (the terminal's own word on it). */
export const AFTER_GATE_OUT_MS = DAY;

/**
 * The port of discharge whose terminal may be asked about the container now: near or at it (arrived,
 * discharged, or due within TERMINAL_LOOKAHEAD_MS), and not gone from it for long. Null otherwise.
 */
export function terminalPortOf(derived: DerivedShipment | null, now: Date): string | null {
  const pod = derived?.pod?.locode;
  if (!derived || !pod) return null;
  const overall = derived.shipmentOverall;
  const gateOut = overall.fullGateOut;
  if (gateOut?.classifier === 'ACT' && now.getTime() - Date.parse(gateOut.time) > AFTER_GATE_OUT_MS)
    return null;
  if (derived.arrivalVO.ata || overall.discharged?.classifier === 'ACT') return pod;
  const eta = derived.arrivalVO.eta;
  return eta && Date.parse(eta) - now.getTime() <= TERMINAL_LOOKAHEAD_MS ? pod : null;
}

interface Candidate {
  itemId: string;
  containerNo: string;
  port: string;
}

interface Ask {
  connection: TerminalConnection;
  facility: string;
  items: Candidate[];
}

type StoredRow = typeof terminalFacts.$inferSelect;
const keyOf = (itemId: string, organizationId: string) => `${itemId}|${organizationId}`;

/**
 * Asks the organizations' terminal connections about these ocean items, once the carrier's answers
 * are stored (ADR 0039): each item near or at its port of discharge, of every organization that
 * follows it (never the demo data's) with an enabled terminal connection for that port; one call per
 * connection, facility and batch of containers, from the connection's budget, with its token cache and
 * health. What a terminal answers is stored for that organization alone, with its list columns, clocks
 * and alerts, in one transaction; an answer that fails validation, a refusal or an outage stores
 * nothing and keeps what was known. Never throws: the carrier's data is stored already.
 */
export async function refreshTerminals(
  database: Pick<DatabaseHandle, 'db' | 'pool'>,
  sources: TerminalSources,
  itemIds: readonly string[],
  now: Date,
): Promise<void> {
  try {
    const asks = await plan(database, sources, itemIds, now);
    if (asks.length === 0) return;
    const answers = await Promise.all(
      asks.map(async (ask) => {
        try {
          const found = await ask.connection.provider.availability(
            ask.facility,
            ask.items.map((i) => i.containerNo),
            now,
          );
          return { ask, found };
        } catch (error) {
          // The connection's health says what happened; a spent budget or Retry-After waits its turn.
          if (!(error instanceof ProviderDeferredError))
            sources.logger.warn(
              { connectionId: ask.connection.connectionId, facility: ask.facility, err: error },
              'terminal availability could not be refreshed',
            );
          return null;
        }
      }),
    );
    const answered = answers.filter((a): a is NonNullable<typeof a> => a !== null);
    if (answered.length > 0) await store(database, answered, now);
  } catch (err) {
    sources.logger.warn({ err, itemIds }, 'terminal availability step failed; the carrier data is stored');
  }
}

/** Which connection to ask about which containers at which facility, in batches. */
async function plan(
  { db }: Pick<DatabaseHandle, 'db'>,
  sources: TerminalSources,
  itemIds: readonly string[],
  now: Date,
): Promise<Ask[]> {
  if (itemIds.length === 0 || !sources.connections.terminalConnections) return [];
  const items = await db
    .select({
      id: trackedItems.id,
      trackingNo: trackedItems.trackingNo,
      derived: trackedItems.derived,
      scope: trackedItems.scope,
      organizationId: trackedItems.organizationId,
    })
    .from(trackedItems)
    .where(
      and(
        inArray(trackedItems.id, [...itemIds]),
        eq(trackedItems.mode, 'ocean'),
        // Real data only: a demo voyage's port of discharge is invented.
        inArray(trackedItems.scope, ['shared', 'organization']),
      ),
    );
  const candidates = new Map<string, Candidate & { organizationId: string | null }>();
  for (const item of items) {
    const port = terminalPortOf(item.derived as DerivedShipment | null, now);
    if (port)
      candidates.set(item.id, {
        itemId: item.id,
        containerNo: item.trackingNo,
        port,
        organizationId: item.scope === 'organization' ? item.organizationId : null,
      });
  }
  if (candidates.size === 0) return [];
  const followers = await db
    .selectDistinct({ itemId: oceanShipments.itemId, organizationId: workspaces.organizationId })
    .from(oceanShipments)
    .innerJoin(workspaces, eq(workspaces.id, oceanShipments.workspaceId))
    .where(and(inArray(oceanShipments.itemId, [...candidates.keys()]), eq(oceanShipments.archived, false)));
  // An organization's own item is followed by that organization only; a shared one by any.
  const following = followers.filter((f) => {
    const owner = candidates.get(f.itemId)?.organizationId;
    return owner === null || owner === undefined || owner === f.organizationId;
  });
  const organizationIds = [...new Set(following.map((f) => f.organizationId))];
  if (organizationIds.length === 0) return [];
  const connections = await sources.connections.terminalConnections(organizationIds);
  if (connections.length === 0) return [];
  const known = new Map(
    (
      await db
        .select()
        .from(terminalFacts)
        .where(inArray(terminalFacts.itemId, [...candidates.keys()]))
    ).map((row) => [keyOf(row.itemId, row.organizationId), row]),
  );
  const groups = new Map<string, Ask>();
  for (const connection of connections) {
    for (const f of following) {
      if (f.organizationId !== connection.organizationId) continue;
      const candidate = candidates.get(f.itemId)!;
      if (!connection.terminals.includes(candidate.port)) continue;
      // Gone from the terminal a day ago by the terminal's own word: nothing more to learn there.
      const had = known.get(keyOf(f.itemId, f.organizationId));
      const facts = had?.facts as TerminalFacts | null | undefined;
      if (
        facts &&
        hasLeftTerminal(facts) &&
        had?.answeredAt &&
        now.getTime() - had.answeredAt.getTime() > DAY
      )
        continue;
      const key = `${connection.connectionId}|${candidate.port}`;
      const group = groups.get(key) ?? { connection, facility: candidate.port, items: [] };
      group.items.push(candidate);
      groups.set(key, group);
    }
  }
  return [...groups.values()].flatMap((group) => {
    const size = Math.max(1, group.connection.provider.batchSize);
    const batches: Ask[] = [];
    for (let i = 0; i < group.items.length; i += size)
      batches.push({ ...group, items: group.items.slice(i, i + size) });
    return batches;
  });
}

/**
 * Writes the answers: each asked container's row for the organization (what the terminal said, or,
 * when it left the container out, only that it was asked: a terminal that forgets a container keeps
 * what it said before), then the list columns, clocks and alerts of the items whose facts changed.
 */
async function store(
  { pool }: Pick<DatabaseHandle, 'pool'>,
  answered: { ask: Ask; found: Map<string, TerminalFacts> }[],
  now: Date,
): Promise<void> {
  await withTransaction(pool, async ({ tx }) => {
    const pairs = answered.flatMap(({ ask }) =>
      ask.items.map((item) => ({ itemId: item.itemId, organizationId: ask.connection.organizationId })),
    );
    const itemIds = [...new Set(pairs.map((p) => p.itemId))];
    const had = new Map<string, StoredRow>(
      (await tx.select().from(terminalFacts).where(inArray(terminalFacts.itemId, itemIds)).for('update')).map(
        (row) => [keyOf(row.itemId, row.organizationId), row],
      ),
    );
    const changed = new Set<string>();
    const values: (typeof terminalFacts.$inferInsert)[] = [];
    const etas: (typeof issuedEtas.$inferInsert)[] = [];
    for (const { ask, found } of answered) {
      const organizationId = ask.connection.organizationId;
      for (const item of ask.items) {
        const before = had.get(keyOf(item.itemId, organizationId));
        const given = found.get(item.containerNo) ?? null;
        const facts = given ?? (before?.facts as TerminalFacts | null | undefined) ?? null;
        // jsonb keeps no key order: compare structurally.
        const differs =
          given !== null && !isDeepStrictEqual(JSON.parse(JSON.stringify(given)), before?.facts ?? null);
        if (differs || before?.connectionId !== ask.connection.connectionId) changed.add(item.itemId);
        // The terminal's vessel ETA over time, for its own accuracy (ADR 0049).
        const vesselEta = given?.vesselEta ?? null;
        if (vesselEta && vesselEta !== (before?.facts as TerminalFacts | null | undefined)?.vesselEta)
          etas.push({
            itemId: item.itemId,
            source: 'terminal',
            organizationId,
            eta: new Date(vesselEta),
            issuedAt: now,
          });
        values.push({
          itemId: item.itemId,
          organizationId,
          connectionId: ask.connection.connectionId,
          source: ask.connection.provider.source,
          facility: ask.facility,
          facts: facts,
          onHold: facts !== null && isOnHold(facts) && !hasLeftTerminal(facts),
          available: facts !== null && isAvailableForPickup(facts),
          checkedAt: now,
          answeredAt: given ? now : (before?.answeredAt ?? null),
          changedAt: differs ? now : (before?.changedAt ?? null),
        });
      }
    }
    await tx
      .insert(terminalFacts)
      .values(values)
      .onConflictDoUpdate({
        target: [terminalFacts.itemId, terminalFacts.organizationId],
        set: {
          connectionId: sql`excluded.connection_id`,
          source: sql`excluded.source`,
          facility: sql`excluded.facility`,
          facts: sql`excluded.facts`,
          onHold: sql`excluded.on_hold`,
          available: sql`excluded.available`,
          checkedAt: sql`excluded.checked_at`,
          answeredAt: sql`excluded.answered_at`,
          changedAt: sql`excluded.changed_at`,
        },
      });
    if (etas.length > 0) await tx.insert(issuedEtas).values(etas);
    const written = await updateTerminalColumns(tx, { itemIds: [...changed] });
    await updateFreeTimeClocks(tx, { itemIds: written }, now);
    // A hold or a last free day the terminal gives raises or clears exceptions now, not at the sweep.
    await syncExceptions(tx, 'ocean', { itemIds: written }, now);
    await evaluateAlerts(tx, 'ocean', { itemIds: written }, now);
    await announceTerminalChange(
      tx,
      [...changed],
      answered.map(({ ask }) => ask.connection.organizationId),
    );
  });
}
