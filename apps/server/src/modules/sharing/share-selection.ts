import { and, inArray, sql } from 'drizzle-orm';
import { SHARING_MESSAGES } from '@tracklane/shared/sharing/sharing.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { Database } from '../../db/client';
import { modeFeatures } from '../../modes';
import { AppError } from '../../lib/app-error';
import type { Tenant } from '../../tenancy/tenant';
import { inWorkspace } from '../../tenancy/scope';

/** A shipment a share request chose: its subscription, tracked item and number. */
export interface Chosen {
  shipmentId: string;
  itemId: string;
  number: string;
}

/** A share request as the route validated it over every registered mode's selection. */
export interface ShareRequest {
  shipmentType: TrackingMode;
  /** The mode's selection (spec §3): its presentation's shareSelection reads them. */
  shipments: Record<string, unknown>[];
  emails: string[];
}

/** The chosen shipments of the tenant's workspace; any that is not one of its shipments refuses the whole share. */
export async function chosenShipments(tx: Database, tenant: Tenant, input: ShareRequest): Promise<Chosen[]> {
  const { table, presentation } = modeFeatures(input.shipmentType);
  const columns = presentation.historyColumns();
  const selection = presentation.shareSelection.keys(input.shipments);
  const chosen = (where: ReturnType<typeof sql>) =>
    tx
      .select({ shipmentId: table.id, itemId: table.itemId, number: sql<string>`${columns.number}` })
      .from(table)
      .where(and(inWorkspace(tenant, table), where));
  if (selection.by === 'numbers') {
    const rows = await chosen(
      sql`(${columns.number}, ${columns.reference}) IN (${sql.join(
        selection.keys.map((k) => sql`(${k.number}, ${k.reference})`),
        sql`, `,
      )})`,
    );
    if (rows.length !== new Set(selection.keys.map((k) => `${k.number}|${k.reference}`)).size)
      throw new AppError('NOT_FOUND', SHARING_MESSAGES.shipmentNotFound);
    return rows;
  }
  const ids = [...new Set(selection.keys.map((k) => k.id))];
  const rows = await chosen(sql`${inArray(table.id, ids)}`);
  const byId = new Map(rows.map((r) => [r.shipmentId, r]));
  // The number must match too: a selection names the shipment by both.
  const matching = selection.keys.every(
    (k) => byId.get(k.id)?.number.toUpperCase() === k.number.trim().toUpperCase(),
  );
  if (!matching || rows.length !== ids.length)
    throw new AppError('NOT_FOUND', SHARING_MESSAGES.shipmentNotFound);
  return rows;
}
