import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_ENDPOINTS_PER_WORKSPACE_MAX,
  type createWebhookRequestSchema,
  type UpdateWebhookRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@tracklane/shared/webhooks/webhooks.schema';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/webhooks';
import { AppError } from '../../lib/app-error';
import { createUnderCap, type Cap } from '../../lib/caps';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { Tenant } from '../../tenancy/tenant';
import { newWebhookSecret } from './webhook-signature';
import { resolveTarget, TargetRefusedError } from './webhook-target';
import { inWorkspace } from '../../tenancy/scope';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
const NOT_FOUND = 'This webhook endpoint does not exist in this workspace.';

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    shape: row.shape,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Refuses a URL whose host resolves to a private, loopback or link-local address (unless the
 * installation allows them): checked here for a clear answer, and again at every delivery.
 */
async function checkTarget(ctx: Pick<AppContext, 'config'>, url: string): Promise<void> {
  try {
    await resolveTarget(new URL(url).hostname, ctx.config.webhookAllowPrivateTargets);
  } catch (err) {
    if (err instanceof TargetRefusedError)
      throw new AppError(
        'VALIDATION',
        `Webhooks cannot be sent there: ${err.message}. Use a public address${ctx.config.webhookAllowPrivateTargets ? '' : ' (or ask the installation’s operator to allow private ones)'}.`,
      );
    throw err;
  }
}

async function endpointOf(db: Database, workspaceId: string, endpointId: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(inWorkspace({ workspaceId }, webhookEndpoints), eq(webhookEndpoints.id, endpointId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

export async function listWebhookEndpoints(db: Database, workspaceId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(inWorkspace({ workspaceId }, webhookEndpoints))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  return rows.map(toEndpoint);
}

const endpointCap = (workspaceId: string): Cap => ({
  owner: { workspaceId },
  count: async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(inWorkspace({ workspaceId }, webhookEndpoints));
    return existing?.n ?? 0;
  },
  max: WEBHOOK_ENDPOINTS_PER_WORKSPACE_MAX,
  message: `A workspace can have at most ${String(WEBHOOK_ENDPOINTS_PER_WORKSPACE_MAX)} webhook endpoints. Delete one first.`,
});

/** Registers an endpoint for the tenant's workspace; the answer is the only one carrying its secret. */
export async function createWebhookEndpoint(
  ctx: Pick<AppContext, 'pool' | 'config'>,
  tenant: Tenant,
  input: z.output<typeof createWebhookRequestSchema>,
): Promise<WebhookWithSecret> {
  // Resolved before the workspace is locked: a slow DNS answer holds no one else up.
  await checkTarget(ctx, input.url);
  const row = await createUnderCap(ctx.pool, endpointCap(tenant.workspaceId), async ({ tx }) => {
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({
        workspaceId: tenant.workspaceId,
        url: input.url,
        description: input.description,
        eventTypes: input.eventTypes,
        shape: input.shape,
        secret: newWebhookSecret(),
        createdBy: tenant.userId,
      })
      .returning();
    return inserted!;
  });
  return { ...toEndpoint(row), secret: row.secret };
}

/**
 * Changes an endpoint. `enabled: true` turns a disabled one back on with its failure count reset
 * (deliveries it missed can then be replayed); `enabled: false` stops deliveries at once.
 */
export async function updateWebhookEndpoint(
  ctx: Pick<AppContext, 'db' | 'config'>,
  workspaceId: string,
  endpointId: string,
  input: UpdateWebhookRequest,
): Promise<WebhookEndpoint> {
  const current = await endpointOf(ctx.db, workspaceId, endpointId);
  const shape = input.shape ?? current.shape;
  const eventTypes = input.eventTypes ?? current.eventTypes;
  if (shape === 'dcsa' && !eventTypes.every((t) => t === 'shipment.added' || t === 'shipment.changed'))
    throw new AppError(
      'VALIDATION',
      'DCSA-shaped endpoints receive carrier events only: choose Shipment added or Tracking changed',
    );
  if (input.url !== undefined && input.url !== current.url) await checkTarget(ctx, input.url);
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      ...(input.url === undefined ? {} : { url: input.url }),
      ...(input.description === undefined ? {} : { description: input.description }),
      eventTypes,
      shape,
      ...(input.enabled === true && !current.enabled
        ? { enabled: true, disabledAt: null, disabledReason: null, consecutiveFailures: 0 }
        : {}),
      ...(input.enabled === false && current.enabled
        ? { enabled: false, disabledAt: new Date(), disabledReason: 'Disabled by an admin.' }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  return toEndpoint(row!);
}

/** A new secret; the old one stops signing at once. */
export async function rollWebhookSecret(
  db: Database,
  workspaceId: string,
  endpointId: string,
): Promise<WebhookWithSecret> {
  await endpointOf(db, workspaceId, endpointId);
  const [row] = await db
    .update(webhookEndpoints)
    .set({ secret: newWebhookSecret(), updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  return { ...toEndpoint(row!), secret: row!.secret };
}

/** Deletes an endpoint with its delivery log; deliveries under way are dropped. */
export async function deleteWebhookEndpoint(
  db: Database,
  workspaceId: string,
  endpointId: string,
): Promise<void> {
  await endpointOf(db, workspaceId, endpointId);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
}

/** The endpoint's delivery log, newest first. */
export async function listWebhookDeliveries(
  db: Database,
  workspaceId: string,
  endpointId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
  await endpointOf(db, workspaceId, endpointId);
  const d = webhookDeliveries;
  const after = query.cursor ? decodeCursor(query.cursor, 'date') : null;
  const rows = await db
    .select({ delivery: d, eventType: webhookEvents.type })
    .from(d)
    .innerJoin(webhookEvents, eq(webhookEvents.id, d.eventId))
    .where(
      and(
        eq(d.endpointId, endpointId),
        after ? sql`(${d.createdAt}, ${d.id}) < (${after.value}, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ delivery, eventType }) => ({
      id: delivery.id,
      eventId: delivery.eventId,
      eventType,
      status: delivery.status,
      attempts: delivery.attempts,
      lastStatusCode: delivery.lastStatusCode,
      lastResponseMs: delivery.lastResponseMs,
      lastError: delivery.lastError,
      lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
      createdAt: delivery.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor(last.delivery.createdAt, last.delivery.id) : null,
  };
}

/**
 * Sends a delivery's event to its endpoint again, as a new delivery in the log (same `webhook-id`, so
 * a receiver that already has it can tell). The endpoint must be enabled.
 */
export async function replayWebhookDelivery(
  db: Database,
  workspaceId: string,
  endpointId: string,
  deliveryId: string,
): Promise<{ deliveryId: string }> {
  const endpoint = await endpointOf(db, workspaceId, endpointId);
  const [delivery] = await db
    .select({ eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)));
  if (!delivery) throw new AppError('NOT_FOUND', 'This delivery does not exist for this endpoint.');
  if (!endpoint.enabled)
    throw new AppError('CONFLICT', 'Enable the endpoint before replaying deliveries to it.');
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId, eventId: delivery.eventId })
    .returning({ id: webhookDeliveries.id });
  return { deliveryId: row!.id };
}
