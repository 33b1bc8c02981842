import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@tracklane/shared/webhooks/webhooks.schema';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/webhooks';
import { inWorkspace } from '../../tenancy/scope';

export interface WebhookEventInput {
  workspaceId: string;
  type: WebhookEventType;
  /** The event's `data` in our shape (JSON). */
  data: Record<string, unknown>;
  /**
   * tracking_events rows the event carries (an ocean shipment's carrier events). Endpoints that chose
   * the DCSA shape receive these as DCSA Track & Trace 2.2 events; with none, they receive nothing.
   */
  trackingEventIds?: readonly (number | string)[];
}

/**
 * Records a webhook event inside the writer's transaction (the transactional outbox): the event and
 * one pending delivery per enabled endpoint of the workspace subscribed to its type, or nothing at
 * all when no endpoint wants it. A rolled-back change leaves no event; a committed one is delivered
 * (the dispatcher hands pending deliveries to the job queue, which retries them with backoff).
 *
 * Needs only the transaction: any writer can call it, the tracking refresh included.
 *
 * @returns how many deliveries were queued.
 */
export async function emitWebhookEvent(tx: Database, input: WebhookEventInput): Promise<number> {
  const ids = (input.trackingEventIds ?? []).map(String);
  const hasCarrierEvents = ids.length > 0;
  const e = webhookEndpoints;
  // One statement: the endpoints that want it, the event if any does, a delivery for each.
  const result = await tx.execute<{ n: number }>(sql`
    WITH targets AS (
      SELECT ${e.id} AS id FROM ${e}
      WHERE ${inWorkspace(input, e)} AND ${e.enabled}
        AND ${input.type} = ANY (${e.eventTypes})
        AND (${e.shape} = 'tracklane' OR ${hasCarrierEvents})
    ),
    event AS (
      INSERT INTO ${webhookEvents} (workspace_id, type, data, tracking_event_ids)
      SELECT ${input.workspaceId}, ${input.type}, ${JSON.stringify(input.data)}::jsonb, ${sql.param(ids)}::text[]
      WHERE EXISTS (SELECT 1 FROM targets)
      RETURNING id
    ),
    delivered AS (
      INSERT INTO ${webhookDeliveries} (endpoint_id, event_id)
      SELECT targets.id, event.id FROM targets CROSS JOIN event
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM delivered`);
  return result.rows[0]?.n ?? 0;
}
