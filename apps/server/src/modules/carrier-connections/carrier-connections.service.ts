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
import { organizationMembers, workspaces } from '../../db/schema/organizations';
import { oceanShipments, trackedItems } from '../../db/schema/tracking';
import { publishToUsers } from '../../integrations/realtime/realtime-hub';
import { callsCounted } from '../../integrations/tracking/connections/budget';
import { AppError } from '../../lib/app-error';
import { assertUnderCap } from '../../lib/caps';
import { lastFour, type SecretBox } from '../../lib/secret-box';
import { withTransaction, type Transaction } from '../../lib/transaction';
import { isUniqueViolation } from '../../lib/unique-violation';
import { resolveTarget, TargetRefusedError } from '../webhooks/webhook-target';

type Ctx = Pick<AppContext, 'db' | 'pool' | 'config' | 'carrierConnections'>;
type CreateInput = z.output<typeof createConnectionRequestSchema>;
type UpdateInput = z.output<typeof updateConnectionRequestSchema>;

export const CONNECTION_NOT_FOUND = 'This carrier connection does not exist in this organization.';
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * When the tracking engine next asks about a container this organization follows with the carrier: the
 * earliest due item among its workspaces' active ocean shipments (one grouped query per list).
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
        eq(workspaces.organizationId, organizationId),
        eq(oceanShipments.archived, false),
        inArray(trackedItems.carrier, carriers),
        sql`${trackedItems.state} <> 'completed'`,
      ),
    )
    .groupBy(trackedItems.carrier);
  return new Map(rows.map((r) => [r.carrier, new Date(r.next)]));
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
        eq(workspaces.organizationId, organizationId),
        eq(oceanShipments.archived, false),
        inArray(oceanShipments.podLocode, terminals),
        sql`${trackedItems.state} NOT IN ('completed', 'no_source')`,
        sql`${trackedItems.scope} IN ('shared', 'organization')`,
      ),
    );
  return row?.next ? new Date(row.next) : null;
}

async function present(db: Database, rows: CarrierConnectionRow[]): Promise<CarrierConnection[]> {
  if (rows.length === 0) return [];
  const calls = await callsCounted(
    db,
    rows.map((r) => r.id),
  );
  const enabledCarriers = [
    ...new Set(rows.filter((r) => r.enabled && !isTerminalKind(r.kind)).map((r) => r.carrier)),
  ];
  const next = await nextCalls(db, rows[0]!.organizationId, enabledCarriers);
  const terminalNext = new Map(
    await Promise.all(
      rows
        .filter((r) => r.enabled && isTerminalKind(r.kind))
        .map(async (r) => [r.id, await nextTerminalCall(db, r.organizationId, r.terminals)] as const),
    ),
  );
  return rows.map((row) =>
    toConnection(row, {
      calls: calls.get(row.id) ?? { minute: 0, day: 0 },
      nextCallAt: !row.enabled
        ? null
        : isTerminalKind(row.kind)
          ? (terminalNext.get(row.id) ?? null)
          : (next.get(row.carrier) ?? null),
    }),
  );
}

export async function listConnections(db: Database, organizationId: string): Promise<CarrierConnection[]> {
  const rows = await db
    .select()
    .from(carrierConnections)
    .where(eq(carrierConnections.organizationId, organizationId))
    .orderBy(asc(carrierConnections.carrier), asc(carrierConnections.createdAt), asc(carrierConnections.id));
  return present(db, rows);
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

/** Tells the organization's company admins' open pages to refetch, when the transaction commits. */
async function announce(tx: Database, organizationId: string): Promise<void> {
  const admins = await tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.role, 'company_admin'),
      ),
    );
  await publishToUsers(
    tx,
    'carrierConnections',
    admins.map((a) => a.userId),
  );
}

const connectionCap = (organizationId: string) => ({
  owner: { organizationId },
  count: async (tx: Database) => {
    const [row] = await tx
      .select({ n: count() })
      .from(carrierConnections)
      .where(eq(carrierConnections.organizationId, organizationId));
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
  const { stored, secrets, masked } = splitAuth(input.auth);
  const id = randomUUID();
  const carrier = connectionCarrier(input);
  const row = await uniquely(connectionSubject(input.kind, carrier), () =>
    withTransaction(ctx.pool, async ({ tx }: Transaction) => {
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
          createdBy: userId,
        })
        .returning();
      await announce(tx, organizationId);
      return inserted!;
    }),
  );
  await ctx.carrierConnections.changed(row);
  const [shown] = await present(ctx.db, [row]);
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
  const box = input.auth ? ctx.carrierConnections.secretBox() : null;
  const row = await withTransaction(ctx.pool, async ({ tx }: Transaction) => {
    const [current] = await tx
      .select()
      .from(carrierConnections)
      .where(
        and(eq(carrierConnections.id, connectionId), eq(carrierConnections.organizationId, organizationId)),
      )
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', CONNECTION_NOT_FOUND);
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
    return updated!;
  });
  await ctx.carrierConnections.changed(row);
  const [shown] = await present(ctx.db, [row]);
  return shown!;
}

export async function deleteConnection(
  ctx: Ctx,
  organizationId: string,
  connectionId: string,
): Promise<void> {
  const row = await withTransaction(ctx.pool, async ({ tx }: Transaction) => {
    const [deleted] = await tx
      .delete(carrierConnections)
      .where(
        and(eq(carrierConnections.id, connectionId), eq(carrierConnections.organizationId, organizationId)),
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
      and(eq(carrierConnections.id, connectionId), eq(carrierConnections.organizationId, organizationId)),
    );
  if (!row) throw new AppError('NOT_FOUND', CONNECTION_NOT_FOUND);
  ctx.carrierConnections.secretBox();
  const result = await ctx.carrierConnections.test(row, reference);
  // The health it wrote: every admin's open page shows it.
  await withTransaction(ctx.pool, ({ tx }) => announce(tx, organizationId));
  return result;
}
