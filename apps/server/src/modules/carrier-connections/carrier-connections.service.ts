import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  connectionCarrier,
  CONNECTIONS_PER_ORGANIZATION_MAX,
  isLocalHost,
  isTerminalKind,
  TERMINAL_OPERATORS,
  type AuthInput,
  type AuthPatch,
  type AuthView,
  type CarrierConnection,
  type ErrorClass,
  type TestConnectionResult,
  type createConnectionRequestSchema,
  type updateConnectionRequestSchema,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import {
  carrierCallbackUrl,
  subscriptionsUrlFor,
  supportsPush,
  type Delivery,
  type PushState,
} from '@tracklane/shared/carrier-connections/carrier-push.schema';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import {
  carrierConnections,
  type CarrierConnectionRow,
  type ConnectionSecrets,
  type MaskedSecrets,
  type StoredAuth,
} from '../../db/schema/carrier-connections';
import { carrierSubscriptions } from '../../db/schema/carrier-subscriptions';
import { workspaces } from '../../db/schema/organizations';
import { oceanShipments, trackedItems } from '../../db/schema/tracking';
import { callsCounted } from '../../integrations/tracking/connections/budget';
import { subscriptionsUrlOf } from '../../integrations/tracking/connections/organization-connections';
import { QUEUES } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import { assertUnderCap } from '../../lib/caps';
import { lastFour, type SecretBox } from '../../lib/secret-box';
import { withTransaction, type Transaction } from '../../lib/transaction';
import { isUniqueViolation } from '../../lib/unique-violation';
import { resolveTarget, TargetRefusedError } from '../webhooks/webhook-target';
import { announceConnections as announce } from './announce-connections';
import { followedAtTerminals } from '../terminal-availability/terminal-availability.service';
import { syncCarrierSubscriptions } from './carrier-subscriptions.service';
import { inOrganization } from '../../tenancy/scope';

type Ctx = Pick<AppContext, 'db' | 'pool' | 'config' | 'carrierConnections' | 'jobs'>;
/** The route's parsed body; `delivery` left out is poll. */
type CreateInput = Omit<z.output<typeof createConnectionRequestSchema>, 'delivery'> & {
  delivery?: Delivery;
};
type UpdateInput = z.output<typeof updateConnectionRequestSchema>;

export const CONNECTION_NOT_FOUND = 'This carrier connection does not exist in this organization.';
/** How long deleting a pushing connection waits on the carrier to stop its subscriptions. */
const DELETE_UNSUBSCRIBE_MS = 10_000;
const ENABLED_INDEX = 'carrier_connections_enabled_idx';
const alreadyEnabled = (carrier: string) =>
  `This organization already has an enabled connection for ${carrier}. Disable or delete it first, or edit it instead.`;
const TERMINALS_OF_CARRIER = 'Only a terminal connection names terminals.';

/** What the endpoint is called in messages: a carrier's events, or a terminal's availability. */
const endpointName = (kind: CarrierConnectionRow['kind']) =>
  isTerminalKind(kind) ? "terminal's availability endpoint" : "carrier's events endpoint";
/** Who a 409 names: the carrier's SCAC, or the terminal operator. */
const connectionSubject = (kind: CarrierConnectionRow['kind'], carrier: string) =>
  isTerminalKind(kind) ? TERMINAL_OPERATORS[kind].name : carrier;

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

async function present(
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

export async function listConnections(
  ctx: Pick<AppContext, 'db' | 'config'>,
  organizationId: string,
): Promise<CarrierConnection[]> {
  const rows = await ctx.db
    .select()
    .from(carrierConnections)
    .where(inOrganization({ organizationId }, carrierConnections))
    .orderBy(asc(carrierConnections.carrier), asc(carrierConnections.createdAt), asc(carrierConnections.id));
  return present(ctx, rows);
}

/**
 * Where a connection may send credentials: https to a public address. http and this machine only when
 * the installation allows local carriers (tests, development); a private address never otherwise.
 */
async function checkUrl(ctx: Pick<AppContext, 'config'>, raw: string, what: string): Promise<void> {
  const url = new URL(raw);
  if (ctx.config.carrierAllowLocal) return;
  if (url.protocol !== 'https:' || isLocalHost(url))
    throw new AppError('VALIDATION', `The ${what} must be an https URL of the carrier, not this machine.`);
  try {
    await resolveTarget(url.hostname, false);
  } catch (err) {
    if (err instanceof TargetRefusedError)
      throw new AppError('VALIDATION', `Tracklane will not send credentials there: ${err.message}.`);
    throw err;
  }
}

/**
 * Push delivery needs a kind whose carriers offer DCSA event subscriptions, the carrier's subscriptions
 * endpoint (given, or beside the events endpoint), and a PUBLIC_URL the carrier can reach: https, not
 * this machine (unless the installation allows local carriers). Returns the endpoint to store (null:
 * the derived one).
 */
async function checkPush(
  ctx: Pick<AppContext, 'config'>,
  kind: string,
  baseUrl: string,
  subscriptionsUrl: string | null,
): Promise<void> {
  if (!supportsPush(kind))
    throw new AppError('VALIDATION', `A ${kind} connection cannot receive pushed events: choose poll.`);
  const url = subscriptionsUrl ?? subscriptionsUrlFor(baseUrl);
  if (!url)
    throw new AppError(
      'VALIDATION',
      "Enter the carrier's event-subscriptions endpoint: the events endpoint does not end in /events, so it cannot be found beside it.",
    );
  await checkUrl(ctx, url, "carrier's event-subscriptions endpoint");
  if (ctx.config.carrierAllowLocal) return;
  const callback = new URL(ctx.config.publicUrl);
  if (callback.protocol !== 'https:' || isLocalHost(callback))
    throw new AppError(
      'CONFLICT',
      `Carriers push events to Tracklane's public address, and this installation's is ${ctx.config.publicUrl}. Ask the operator to set PUBLIC_URL to the https address Tracklane is reached at, or use poll.`,
    );
}

/** Brings the connection's subscriptions at the carrier in line, in a job, once the transaction commits. */
async function queueSubscriptionSync(t: Transaction, ctx: Pick<AppContext, 'jobs'>, connectionId: string) {
  await ctx.jobs.send(
    QUEUES.carrierSubscriptions,
    { connectionId },
    { client: t.client, singletonKey: `connection:${connectionId}` },
  );
}

/** The stored parts of `auth`, its secrets and their last four characters. */
function splitAuth(auth: AuthInput): {
  stored: StoredAuth;
  secrets: ConnectionSecrets | null;
  masked: MaskedSecrets;
} {
  if (auth.type === 'headers') {
    const headers = auth.headers;
    return {
      stored: { type: 'headers', headerNames: Object.keys(headers) },
      secrets: { headers },
      masked: { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, lastFour(v)])) },
    };
  }
  if (auth.type === 'oauth2-client-credentials')
    return {
      stored: { type: 'oauth2-client-credentials', tokenUrl: auth.tokenUrl, scope: auth.scope || null },
      secrets: { clientId: auth.clientId, clientSecret: auth.clientSecret },
      masked: { clientId: lastFour(auth.clientId), clientSecret: lastFour(auth.clientSecret) },
    };
  return { stored: { type: 'none' }, secrets: null, masked: {} };
}

/** A PATCH's `auth` with every secret it left out taken from the stored one, or a 400 naming what is missing. */
function completeAuth(patch: AuthPatch, row: CarrierConnectionRow, box: SecretBox): AuthInput {
  const stored: ConnectionSecrets =
    row.secrets && patch.type === row.auth.type
      ? (JSON.parse(box.open(row.secrets, row.id)) as ConnectionSecrets)
      : {};
  if (patch.type === 'headers') {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(patch.headers)) {
      const kept = value ?? stored.headers?.[name];
      if (kept === undefined) throw new AppError('VALIDATION', `Enter the value of the header ${name}.`);
      headers[name] = kept;
    }
    return { type: 'headers', headers };
  }
  if (patch.type === 'oauth2-client-credentials') {
    const clientId = patch.clientId ?? stored.clientId;
    const clientSecret = patch.clientSecret ?? stored.clientSecret;
    if (!clientId) throw new AppError('VALIDATION', 'Enter the client ID.');
    if (!clientSecret) throw new AppError('VALIDATION', 'Enter the client secret.');
    return {
      type: 'oauth2-client-credentials',
      tokenUrl: patch.tokenUrl,
      clientId,
      clientSecret,
      ...(patch.scope === undefined ? {} : { scope: patch.scope }),
    };
  }
  return { type: 'none' };
}

const connectionCap = (organizationId: string) => ({
  owner: { organizationId },
  count: async (tx: Database) => {
    const [row] = await tx
      .select({ n: count() })
      .from(carrierConnections)
      .where(inOrganization({ organizationId }, carrierConnections));
    return row?.n ?? 0;
  },
  max: CONNECTIONS_PER_ORGANIZATION_MAX,
  message: `An organization can have at most ${String(CONNECTIONS_PER_ORGANIZATION_MAX)} carrier connections. Delete one first.`,
});

/** A 409 for a second enabled connection of a carrier (or terminal operator), whichever request got there first. */
async function uniquely<T>(subject: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, ENABLED_INDEX)) throw new AppError('CONFLICT', alreadyEnabled(subject));
    throw err;
  }
}

export async function createConnection(
  ctx: Ctx,
  organizationId: string,
  userId: string,
  input: CreateInput,
): Promise<CarrierConnection> {
  const box = ctx.carrierConnections.secretBox();
  await checkUrl(ctx, input.baseUrl, endpointName(input.kind));
  if (input.auth.type === 'oauth2-client-credentials') await checkUrl(ctx, input.auth.tokenUrl, 'token URL');
  if (input.subscriptionsUrl !== undefined)
    await checkUrl(ctx, input.subscriptionsUrl, "carrier's event-subscriptions endpoint");
  const delivery = input.delivery ?? 'poll';
  if (delivery === 'push') await checkPush(ctx, input.kind, input.baseUrl, input.subscriptionsUrl ?? null);
  const { stored, secrets, masked } = splitAuth(input.auth);
  const id = randomUUID();
  const carrier = connectionCarrier(input);
  const row = await uniquely(connectionSubject(input.kind, carrier), () =>
    withTransaction(ctx.pool, async (t: Transaction) => {
      const { tx } = t;
      await assertUnderCap(tx, connectionCap(organizationId));
      const [inserted] = await tx
        .insert(carrierConnections)
        .values({
          id,
          organizationId,
          carrier,
          kind: input.kind,
          terminals: input.terminals ?? [],
          baseUrl: input.baseUrl,
          label: input.label ?? '',
          enabled: input.enabled,
          auth: stored,
          secrets: secrets ? box.seal(JSON.stringify(secrets), id) : null,
          masked,
          perMinute: input.perMinute,
          perDay: input.perDay,
          delivery,
          subscriptionsUrl: input.subscriptionsUrl ?? null,
          createdBy: userId,
        })
        .returning();
      await announce(tx, organizationId);
      if (delivery === 'push') await queueSubscriptionSync(t, ctx, id);
      return inserted!;
    }),
  );
  await ctx.carrierConnections.changed(row);
  const [shown] = await present(ctx, [row]);
  return shown!;
}

export async function updateConnection(
  ctx: Ctx,
  organizationId: string,
  connectionId: string,
  input: UpdateInput,
): Promise<CarrierConnection> {
  if (input.baseUrl !== undefined) await checkUrl(ctx, input.baseUrl, "connection's endpoint");
  if (input.auth?.type === 'oauth2-client-credentials') await checkUrl(ctx, input.auth.tokenUrl, 'token URL');
  if (input.subscriptionsUrl)
    await checkUrl(ctx, input.subscriptionsUrl, "carrier's event-subscriptions endpoint");
  const box = input.auth ? ctx.carrierConnections.secretBox() : null;
  const row = await withTransaction(ctx.pool, async (t: Transaction) => {
    const { tx } = t;
    const [current] = await tx
      .select()
      .from(carrierConnections)
      .where(
        and(eq(carrierConnections.id, connectionId), inOrganization({ organizationId }, carrierConnections)),
      )
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', CONNECTION_NOT_FOUND);
    const delivery = input.delivery ?? current.delivery;
    const subscriptionsUrl =
      input.subscriptionsUrl === undefined ? current.subscriptionsUrl : input.subscriptionsUrl;
    const pushChanged =
      input.delivery !== undefined ||
      input.subscriptionsUrl !== undefined ||
      (input.baseUrl !== undefined && subscriptionsUrl === null);
    if (delivery === 'push' && pushChanged)
      await checkPush(ctx, current.kind, input.baseUrl ?? current.baseUrl, subscriptionsUrl);
    if (input.terminals !== undefined && !isTerminalKind(current.kind))
      throw new AppError('VALIDATION', TERMINALS_OF_CARRIER);
    const auth = input.auth && box ? splitAuth(completeAuth(input.auth, current, box)) : null;
    const [updated] = await uniquely(connectionSubject(current.kind, current.carrier), () =>
      tx
        .update(carrierConnections)
        .set({
          ...(input.baseUrl === undefined ? {} : { baseUrl: input.baseUrl }),
          ...(input.label === undefined ? {} : { label: input.label }),
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          ...(input.perMinute === undefined ? {} : { perMinute: input.perMinute }),
          ...(input.perDay === undefined ? {} : { perDay: input.perDay }),
          ...(input.delivery === undefined ? {} : { delivery: input.delivery }),
          ...(input.subscriptionsUrl === undefined ? {} : { subscriptionsUrl: input.subscriptionsUrl }),
          ...(input.terminals === undefined ? {} : { terminals: input.terminals }),
          ...(auth && box
            ? {
                auth: auth.stored,
                secrets: auth.secrets ? box.seal(JSON.stringify(auth.secrets), current.id) : null,
                masked: auth.masked,
              }
            : {}),
          // What failed before a change says nothing about the changed connection.
          ...(input.auth || input.baseUrl !== undefined || input.enabled === true
            ? { failingSince: null, failureMailedAt: null }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(carrierConnections.id, current.id))
        .returning(),
    );
    await announce(tx, organizationId);
    // Subscribing, unsubscribing (poll again, disabled) or nothing: the job decides.
    if (updated!.delivery === 'push' || current.delivery === 'push')
      await queueSubscriptionSync(t, ctx, current.id);
    return updated!;
  });
  await ctx.carrierConnections.changed(row);
  const [shown] = await present(ctx, [row]);
  return shown!;
}

export async function deleteConnection(
  ctx: Ctx,
  organizationId: string,
  connectionId: string,
): Promise<void> {
  const [existing] = await ctx.db
    .select({ id: carrierConnections.id })
    .from(carrierConnections)
    .where(
      and(eq(carrierConnections.id, connectionId), inOrganization({ organizationId }, carrierConnections)),
    );
  if (!existing) throw new AppError('NOT_FOUND', CONNECTION_NOT_FOUND);
  // Its credentials go with it: the carrier is asked to stop its subscriptions first, for as long as the
  // budget and a few seconds allow. Any left keep calling a callback that now answers 404, which makes
  // carriers give up on them (DCSA Subscription Callback API: expiry).
  await syncCarrierSubscriptions(ctx, connectionId, {
    ending: true,
    deadline: Date.now() + DELETE_UNSUBSCRIBE_MS,
  }).catch(() => undefined);
  const row = await withTransaction(ctx.pool, async ({ tx }: Transaction) => {
    const [deleted] = await tx
      .delete(carrierConnections)
      .where(
        and(eq(carrierConnections.id, connectionId), inOrganization({ organizationId }, carrierConnections)),
      )
      .returning();
    if (!deleted) throw new AppError('NOT_FOUND', CONNECTION_NOT_FOUND);
    await announce(tx, organizationId);
    return deleted;
  });
  await ctx.carrierConnections.changed(row);
}

/** Asks the carrier once (from the connection's budget) and says in words how it went. */
export async function testConnection(
  ctx: Ctx,
  organizationId: string,
  connectionId: string,
  reference: string | undefined,
): Promise<TestConnectionResult> {
  const [row] = await ctx.db
    .select()
    .from(carrierConnections)
    .where(
      and(eq(carrierConnections.id, connectionId), inOrganization({ organizationId }, carrierConnections)),
    );
  if (!row) throw new AppError('NOT_FOUND', CONNECTION_NOT_FOUND);
  ctx.carrierConnections.secretBox();
  const result = await ctx.carrierConnections.test(row, reference);
  // The health it wrote: every admin's open page shows it.
  await withTransaction(ctx.pool, ({ tx }) => announce(tx, organizationId));
  return result;
}
