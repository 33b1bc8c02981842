import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  connectionCarrier,
  CONNECTIONS_PER_ORGANIZATION_MAX,
  isLocalHost,
  isTerminalKind,
  TERMINAL_OPERATORS,
  type AuthInput,
  type AuthPatch,
  type CarrierConnection,
  type TestConnectionResult,
  type createConnectionRequestSchema,
  type updateConnectionRequestSchema,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import {
  subscriptionsUrlFor,
  supportsPush,
  type Delivery,
} from '@tracklane/shared/carrier-connections/carrier-push.schema';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context';
import type { Database } from '../../../db/client';
import {
  carrierConnections,
  type CarrierConnectionRow,
  type ConnectionSecrets,
  type MaskedSecrets,
  type StoredAuth,
} from '../../../db/schema/carrier-connections';
import { QUEUES } from '../../../jobs/queue';
import { AppError } from '../../../lib/app-error';
import { assertUnderCap } from '../../../lib/caps';
import { lastFour, type SecretBox } from '../../../lib/secret-box';
import { withTransaction, type Transaction } from '../../../lib/transaction';
import { isUniqueViolation } from '../../../lib/unique-violation';
import { resolveTarget, TargetRefusedError } from '../../webhooks/webhook-target';
import { announceConnections as announce } from './announce-connections';
import { syncCarrierSubscriptions } from './carrier-subscriptions.service';
import { inOrganization } from '../../../tenancy/scope';
import { present } from './connection-view';

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
