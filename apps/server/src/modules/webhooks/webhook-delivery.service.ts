import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { organizationMembers, workspaces } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/webhooks';
import { queueMail } from '../../integrations/mail/mailer';
import { webhookDisabledMail } from '../../integrations/mail/webhook-template';
import { DCSA_API_VERSION } from '../../integrations/tracking/dcsa/dcsa-out';
import { withTransaction } from '../../lib/transaction';
import { dcsaEventsByIds } from '../ocean-shipments/dcsa-events.service';
import { postWebhook } from './webhook-http';
import { dcsaNotificationSignature, signWebhook } from './webhook-signature';
import { theWorkspace } from '../../tenancy/scope';

/** How deliveries are retried and when an endpoint is given up on. */
export interface WebhookSettings {
  /** Retries after the first attempt (pg-boss `retryLimit`). */
  retryLimit: number;
  /** Seconds before the first retry, doubled at each one (pg-boss exponential backoff, with jitter). */
  retryDelaySeconds: number;
  /** Failed attempts in a row, over all of an endpoint's deliveries, that disable it. */
  disableAfterFailures: number;
  timeoutMs: number;
}

/**
 * 8 retries from 30 s, doubling: the last one about 2 to 4 hours after the first attempt. An endpoint
 * failing 25 attempts in a row (a few deliveries all the way through their retries, or a busy
 * endpoint down for a while) is disabled and its admins are told.
 */
export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  retryLimit: 8,
  retryDelaySeconds: 30,
  disableAfterFailures: 25,
  timeoutMs: 10_000,
};

export type AttemptResult = 'succeeded' | 'retry' | 'failed' | 'cancelled' | 'skipped';

type Ctx = Pick<AppContext, 'db' | 'pool' | 'jobs' | 'config'>;

/** The request body and headers of one attempt, in the endpoint's shape; null when there is nothing to send. */
async function render(
  ctx: Ctx,
  endpoint: typeof webhookEndpoints.$inferSelect,
  event: typeof webhookEvents.$inferSelect,
  now: Date,
): Promise<{ body: string; headers: Record<string, string> } | null> {
  let body: string;
  const extra: Record<string, string> = {};
  if (endpoint.shape === 'dcsa') {
    const events = await dcsaEventsByIds(ctx.db, event.workspaceId, event.trackingEventIds);
    if (events.length === 0) return null;
    body = JSON.stringify(events);
    extra['api-version'] = DCSA_API_VERSION;
    extra['subscription-id'] = endpoint.id;
    extra['notification-signature'] = dcsaNotificationSignature(endpoint.secret, body);
  } else {
    body = JSON.stringify({
      id: event.id,
      type: event.type,
      timestamp: event.createdAt.toISOString(),
      workspaceId: event.workspaceId,
      data: event.data,
    });
  }
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Tracklane-Webhooks/1.0',
      'webhook-id': event.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(endpoint.secret, event.id, timestamp, body),
      ...extra,
    },
  };
}

/**
 * One attempt at one delivery: POST, then record status, attempts and response time. A failure
 * counts against the endpoint; at `disableAfterFailures` in a row the endpoint is disabled and every
 * company admin of its organization gets an e-mail (through the outbox, in the same transaction, once).
 * `final` is the job queue's last try: a failure then is the delivery's end.
 */
export async function attemptDelivery(
  ctx: Ctx,
  deliveryId: string,
  options: { final: boolean; settings: WebhookSettings; now?: Date },
): Promise<AttemptResult> {
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.delivery.status !== 'pending') return 'skipped';
  const { endpoint, event } = row;
  const finish = async (status: 'failed' | 'cancelled', error: string) => {
    await ctx.db
      .update(webhookDeliveries)
      .set({ status, lastError: error, completedAt: new Date() })
      .where(eq(webhookDeliveries.id, deliveryId));
    return status;
  };
  if (!endpoint.enabled) return finish('cancelled', 'The endpoint was disabled before this was delivered');

  const request = await render(ctx, endpoint, event, options.now ?? new Date());
  if (!request) return finish('cancelled', 'No carrier events left to send in the DCSA shape');
  const outcome = await postWebhook({
    url: endpoint.url,
    ...request,
    allowPrivate: ctx.config.webhookAllowPrivateTargets,
    timeoutMs: options.settings.timeoutMs,
  });
  const succeeded = outcome.error === null;

  return withTransaction(ctx.pool, async (t) => {
    const { tx } = t;
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: new Date(),
        lastStatusCode: outcome.status,
        lastResponseMs: outcome.ms,
        lastError: outcome.error?.slice(0, 500) ?? null,
        ...(succeeded
          ? { status: 'succeeded' as const, completedAt: new Date() }
          : options.final
            ? { status: 'failed' as const, completedAt: new Date() }
            : {}),
      })
      .where(eq(webhookDeliveries.id, deliveryId));
    if (succeeded) {
      await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0 })
        .where(eq(webhookEndpoints.id, endpoint.id));
      return 'succeeded';
    }
    const reason = `${String(options.settings.disableAfterFailures)} delivery attempts in a row failed (last: ${outcome.error ?? 'no answer'}).`;
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({
        consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
        enabled: sql`${webhookEndpoints.consecutiveFailures} + 1 < ${options.settings.disableAfterFailures}`,
        disabledAt: sql`CASE WHEN ${webhookEndpoints.consecutiveFailures} + 1 >= ${options.settings.disableAfterFailures} THEN now() END`,
        disabledReason: sql`CASE WHEN ${webhookEndpoints.consecutiveFailures} + 1 >= ${options.settings.disableAfterFailures} THEN ${reason} END`,
      })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ enabled: webhookEndpoints.enabled });
    if (disabled && !disabled.enabled) {
      await mailAdmins(t, ctx, endpoint, reason);
      if (!options.final) {
        await tx
          .update(webhookDeliveries)
          .set({ status: 'cancelled', completedAt: new Date() })
          .where(eq(webhookDeliveries.id, deliveryId));
        return 'cancelled';
      }
    }
    return options.final ? 'failed' : 'retry';
  });
}

async function mailAdmins(
  t: Parameters<Parameters<typeof withTransaction>[1]>[0],
  ctx: Ctx,
  endpoint: typeof webhookEndpoints.$inferSelect,
  reason: string,
): Promise<void> {
  const admins = await t.tx
    .select({ email: users.email, firstName: users.firstName, workspaceName: workspaces.name })
    .from(workspaces)
    .innerJoin(organizationMembers, eq(organizationMembers.organizationId, workspaces.organizationId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(theWorkspace(endpoint), eq(organizationMembers.role, 'company_admin'), eq(users.enabled, true)),
    );
  for (const admin of admins)
    await queueMail(
      t,
      ctx.jobs,
      webhookDisabledMail(admin.email, {
        firstName: admin.firstName,
        workspaceName: admin.workspaceName,
        url: endpoint.url,
        reason,
        settingsUrl: `${ctx.config.publicUrl}/workspace-settings/api`,
      }),
    );
}
