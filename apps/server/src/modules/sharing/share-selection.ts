import { and, inArray, sql } from 'drizzle-orm';
import { SHARING_MESSAGES, type CreateSharesRequest } from '@tracklane/shared/sharing/sharing.schema';
import { normaliseContainerNumber, normaliseMblNumber } from '@tracklane/shared/validation/container-number';
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

/**
 * How a selection names a shipment of its mode's subscriptions: by its number and reference (the
 * history columns), or by its id with its number to match.
 */
type SelectionKeys =
  | { by: 'numbers'; keys: { number: string; reference: string }[] }
  | { by: 'id'; keys: { id: string; number: string }[] };

type Request<T extends CreateSharesRequest['shipmentType']> = Extract<
  CreateSharesRequest,
  { shipmentType: T }
>;

/**
 * spec §3 Shared/invited shipment selection, by the request's shipment type: the one place the wire's
 * per-mode selection fields are read, as the keys {@link chosenShipments} looks the shipments up by.
 */
const SELECTIONS: {
  [T in CreateSharesRequest['shipmentType']]: (shipments: Request<T>['shipments']) => SelectionKeys;
} = {
  ocean: (shipments) => ({
    by: 'numbers',
    keys: shipments.map((s) => ({
      number: normaliseContainerNumber(s.containerNo),
      reference: normaliseMblNumber(s.mblNo),
    })),
  }),
  express: (shipments) => ({
    by: 'id',
    keys: shipments.map((s) => ({ id: s.expressOrderId, number: s.trackingNo })),
  }),
};

// The request's type picks the entry made for its own shipments.
const selectionOf = (input: CreateSharesRequest): SelectionKeys =>
  (SELECTIONS[input.shipmentType] as (shipments: CreateSharesRequest['shipments']) => SelectionKeys)(
    input.shipments,
  );

/** The chosen shipments of the tenant's workspace; any that is not one of its shipments refuses the whole share. */
export async function chosenShipments(
  tx: Database,
  tenant: Tenant,
  input: CreateSharesRequest,
): Promise<Chosen[]> {
  const { table, presentation } = modeFeatures(input.shipmentType);
  const columns = presentation.historyColumns();
  const selection = selectionOf(input);
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
