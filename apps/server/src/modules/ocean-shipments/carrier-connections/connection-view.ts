import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  isTerminalKind,
  type AuthView,
  type CarrierConnection,
  type ErrorClass,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import {
  carrierCallbackUrl,
  supportsPush,
  type PushState,
} from '@tracklane/shared/carrier-connections/carrier-push.schema';
import type { AppContext } from '../../../app-context';
import type { Database } from '../../../db/client';
import type { CarrierConnectionRow, MaskedSecrets, StoredAuth } from '../../../db/schema/carrier-connections';
import { carrierSubscriptions } from '../../../db/schema/carrier-subscriptions';
import { workspaces } from '../../../db/schema/organizations';
import { oceanShipments, trackedItems } from '../../../db/schema/tracking';
import { callsCounted } from '../../../integrations/tracking/connections/budget';
import { subscriptionsUrlOf } from '../../../integrations/tracking/connections/connections-contract';
import { inOrganization } from '../../../tenancy/scope';
import { followedAtTerminals } from '../terminal-availability/terminal-availability.service';

/** Only what the API may show: names, URLs and the last four characters of each secret. */
function authView(auth: StoredAuth, masked: MaskedSecrets): AuthView {
  if (auth.type === 'headers')
    return {
      type: 'headers',
      headers: auth.headerNames.map((name) => ({ name, last4: masked.headers?.[name] ?? '' })),
    };
  if (auth.type === 'oauth2-client-credentials')
    return {
      type: 'oauth2-client-credentials',
      tokenUrl: auth.tokenUrl,
      scope: auth.scope,
      clientIdLast4: masked.clientId ?? '',
      clientSecretLast4: masked.clientSecret ?? '',
    };
  return { type: 'none' };
}

interface Extra {
  calls: { minute: number; day: number };
  nextCallAt: Date | null;
  push: PushState;
}

function toConnection(row: CarrierConnectionRow, extra: Extra): CarrierConnection {
  return {
    id: row.id,
    carrier: row.carrier,
    kind: row.kind,
    baseUrl: row.baseUrl,
    label: row.label,
    enabled: row.enabled,
    perMinute: row.perMinute,
    perDay: row.perDay,
    auth: authView(row.auth, row.masked),
    terminals: row.terminals,
    health: {
      lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
      lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
      lastErrorClass: (row.lastErrorClass as ErrorClass | null) ?? null,
      lastErrorMessage: row.lastErrorMessage,
      failingSince: row.failingSince?.toISOString() ?? null,
      callsToday: extra.calls.day,
      callsThisMinute: extra.calls.minute,
      nextCallAt: extra.nextCallAt?.toISOString() ?? null,
    },
    delivery: row.delivery,
    push: extra.push,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * When the tracking engine next asks the organization's connection about a container its workspaces
 * follow: the earliest due item of the organization's own scope (ADR 0035) among their active ocean
 * shipments (one grouped query per list). A time already past means at the engine's next round.
 */
async function nextCalls(
  db: Database,
  organizationId: string,
  carriers: string[],
): Promise<Map<string, Date>> {
  if (carriers.length === 0) return new Map();
  const rows = await db
    .select({ carrier: trackedItems.carrier, next: sql<Date>`min(${trackedItems.nextCheckAt})` })
    .from(oceanShipments)
    .innerJoin(workspaces, eq(workspaces.id, oceanShipments.workspaceId))
    .innerJoin(trackedItems, eq(trackedItems.id, oceanShipments.itemId))
    .where(
      and(
        inOrganization({ organizationId }, workspaces),
        eq(oceanShipments.archived, false),
        eq(trackedItems.scope, 'organization'),
        inOrganization({ organizationId }, trackedItems),
        inArray(trackedItems.carrier, carriers),
        sql`${trackedItems.state} NOT IN ('completed', 'no_source')`,
      ),
    )
    .groupBy(trackedItems.carrier);
  return new Map(rows.map((r) => [r.carrier, new Date(r.next)]));
}

/** Each connection's subscriptions by state, and the latest reason the carrier refused one. */
async function subscriptionCounts(db: Database, connectionIds: string[]) {
  const rows = await db
    .select({
      connectionId: carrierSubscriptions.connectionId,
      subscribed: sql<number>`count(*) FILTER (WHERE ${carrierSubscriptions.state} = 'active')::int`,
      pending: sql<number>`count(*) FILTER (WHERE ${carrierSubscriptions.state} = 'pending')::int`,
      failing: sql<number>`count(*) FILTER (WHERE ${carrierSubscriptions.state} = 'failed')::int`,
      lastError: sql<
        string | null
      >`(array_agg(${carrierSubscriptions.lastError} ORDER BY ${carrierSubscriptions.updatedAt} DESC) FILTER (WHERE ${carrierSubscriptions.state} = 'failed'))[1]`,
    })
    .from(carrierSubscriptions)
    .where(inArray(carrierSubscriptions.connectionId, connectionIds))
    .groupBy(carrierSubscriptions.connectionId);
  return new Map(rows.map((r) => [r.connectionId, r]));
}

/**
 * When the tracking engine next asks about a container this organization follows to one of these
 * terminals (its port of discharge), still at or coming to the terminal: a terminal connection is
 * asked at its containers' refreshes (ADR 0039).
 */
async function nextTerminalCall(
  db: Database,
  organizationId: string,
  terminals: string[],
): Promise<Date | null> {
  if (terminals.length === 0) return null;
  const [row] = await db
    .select({ next: sql<Date | null>`min(${trackedItems.nextCheckAt})` })
    .from(oceanShipments)
    .innerJoin(workspaces, eq(workspaces.id, oceanShipments.workspaceId))
    .innerJoin(trackedItems, eq(trackedItems.id, oceanShipments.itemId))
    .where(
      and(
        followedAtTerminals(organizationId, terminals),
        sql`${trackedItems.scope} IN ('shared', 'organization')`,
      ),
    );
  return row?.next ? new Date(row.next) : null;
}

/** Connections as the API shows them: secrets masked, with their calls, next call and push state. */
export async function present(
  ctx: Pick<AppContext, 'db' | 'config'>,
  rows: CarrierConnectionRow[],
): Promise<CarrierConnection[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const calls = await callsCounted(ctx.db, ids);
  const subscriptions = await subscriptionCounts(ctx.db, ids);
  const enabledCarriers = [
    ...new Set(rows.filter((r) => r.enabled && !isTerminalKind(r.kind)).map((r) => r.carrier)),
  ];
  const next = await nextCalls(ctx.db, rows[0]!.organizationId, enabledCarriers);
  const terminalNext = new Map(
    await Promise.all(
      rows
        .filter((r) => r.enabled && isTerminalKind(r.kind))
        .map(async (r) => [r.id, await nextTerminalCall(ctx.db, r.organizationId, r.terminals)] as const),
    ),
  );
  return rows.map((row) => {
    const counts = subscriptions.get(row.id);
    return toConnection(row, {
      calls: calls.get(row.id) ?? { minute: 0, day: 0 },
      nextCallAt: !row.enabled
        ? null
        : isTerminalKind(row.kind)
          ? (terminalNext.get(row.id) ?? null)
          : (next.get(row.carrier) ?? null),
      push: {
        callbackUrl: carrierCallbackUrl(ctx.config.publicUrl, row.id),
        subscriptionsUrl: supportsPush(row.kind) ? subscriptionsUrlOf(row) : null,
        subscribed: counts?.subscribed ?? 0,
        pending: counts?.pending ?? 0,
        failing: counts?.failing ?? 0,
        lastError: counts?.lastError ?? null,
        lastCallbackAt: row.lastCallbackAt?.toISOString() ?? null,
      },
    });
  });
}
