import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  OceanIntakeItem,
  OceanIntakeOutcome,
} from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { carrierByScac, inferCarrierFromMbl } from '@tracklane/shared/tracking/carriers';
import { checkContainerNumber, checkMblNumber } from '@tracklane/shared/validation/container-number';
import type { AppContext } from '../../app-context';
import { oceanShipments, trackedItems } from '../../db/schema/tracking';
import { QUEUES } from '../../jobs/queue';
import { withTransaction } from '../../lib/transaction';
import type { Tenant } from '../organizations/selection';
import { copyToSubscriptions } from '../tracking/refresh.service';
import { refreshJob } from '../tracking/tracking.jobs';

interface Accepted {
  index: number;
  containerNo: string;
  mblNo: string;
  carrierScac: string;
}

/** Normalises and checks one row: ISO 6346 container, bill of lading, and a carrier given or inferred. */
export function validateIntakeItem(
  item: OceanIntakeItem,
):
  | { ok: true; value: Omit<Accepted, 'index'> }
  | { ok: false; message: string; containerNo: string; mblNo: string } {
  const container = checkContainerNumber(item.containerNo);
  const mbl = checkMblNumber(item.mblNo);
  if (!container.valid)
    return { ok: false, message: container.message, containerNo: container.value, mblNo: mbl.value };
  if (!mbl.valid) return { ok: false, message: mbl.message, containerNo: container.value, mblNo: mbl.value };
  const chosen = item.carrierScac?.trim() ? carrierByScac(item.carrierScac.trim()) : undefined;
  if (item.carrierScac?.trim() && !chosen) {
    return {
      ok: false,
      message: `Unknown carrier ${item.carrierScac.trim().toUpperCase()}: choose one from the list`,
      containerNo: container.value,
      mblNo: mbl.value,
    };
  }
  const carrier = chosen ?? inferCarrierFromMbl(mbl.value);
  if (!carrier) {
    return {
      ok: false,
      message: 'The carrier cannot be told from this bill of lading number: choose it from the list',
      containerNo: container.value,
      mblNo: mbl.value,
    };
  }
  return { ok: true, value: { containerNo: container.value, mblNo: mbl.value, carrierScac: carrier.scac } };
}

/**
 * Adds ocean shipments to the workspace, one answer per row: created, already tracked, or refused with
 * the reason. A container already followed by another workspace is not fetched again; a new one is
 * queued for its first check at once. Whether the user may add shipments is the route's access level
 * (`shipments:change`), checked before this runs.
 */
export async function createOceanShipments(
  ctx: AppContext,
  tenant: Tenant,
  items: OceanIntakeItem[],
): Promise<OceanIntakeOutcome[]> {
  const outcomes: OceanIntakeOutcome[] = [];
  const accepted: Accepted[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const checked = validateIntakeItem(item);
    if (!checked.ok) {
      outcomes[index] = {
        containerNo: checked.containerNo,
        mblNo: checked.mblNo,
        carrierScac: null,
        outcome: 'refused',
        message: checked.message,
        shipmentOverallId: null,
      };
      return;
    }
    const key = `${checked.value.containerNo}|${checked.value.mblNo}|${checked.value.carrierScac}`;
    if (seen.has(key)) {
      outcomes[index] = {
        ...checked.value,
        outcome: 'refused',
        message: 'Listed twice in this request',
        shipmentOverallId: null,
      };
      return;
    }
    seen.add(key);
    accepted.push({ index, ...checked.value });
  });
  if (accepted.length === 0) return outcomes;

  await withTransaction(ctx.pool, async ({ tx, client }) => {
    const fresh = await tx
      .insert(trackedItems)
      .values(
        accepted.map(({ containerNo, mblNo, carrierScac }) => ({
          mode: 'ocean' as const,
          trackingNo: containerNo,
          reference: mblNo,
          carrier: carrierScac,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: trackedItems.id });
    const rows = await tx
      .select()
      .from(trackedItems)
      .where(
        and(
          eq(trackedItems.mode, 'ocean'),
          sql`(${trackedItems.trackingNo}, ${trackedItems.reference}, ${trackedItems.carrier}) IN (${sql.join(
            accepted.map((a) => sql`(${a.containerNo}, ${a.mblNo}, ${a.carrierScac})`),
            sql`, `,
          )})`,
        ),
      );
    const byKey = new Map(rows.map((r) => [`${r.trackingNo}|${r.reference}|${r.carrier}`, r]));
    const existing = await tx
      .select({
        itemId: oceanShipments.itemId,
        id: oceanShipments.id,
        archived: oceanShipments.archived,
      })
      .from(oceanShipments)
      .where(
        and(
          eq(oceanShipments.workspaceId, tenant.workspaceId),
          inArray(
            oceanShipments.itemId,
            rows.map((r) => r.id),
          ),
        ),
      );
    const followed = new Map(existing.map((e) => [e.itemId, e]));

    const toInsert = accepted.filter(
      (a) => !followed.has(byKey.get(`${a.containerNo}|${a.mblNo}|${a.carrierScac}`)!.id),
    );
    const created = toInsert.length
      ? await tx
          .insert(oceanShipments)
          .values(
            toInsert.map((a) => {
              const c = byKey.get(`${a.containerNo}|${a.mblNo}|${a.carrierScac}`)!;
              return {
                workspaceId: tenant.workspaceId,
                itemId: c.id,
                createdBy: tenant.userId,
                containerNo: c.trackingNo,
                mblNo: c.reference,
                carrierScac: c.carrier,
                state: c.state,
              };
            }),
          )
          .onConflictDoNothing()
          .returning({ id: oceanShipments.id, itemId: oceanShipments.itemId })
      : [];
    const createdByContainer = new Map(created.map((c) => [c.itemId, c.id]));

    for (const a of accepted) {
      const container = byKey.get(`${a.containerNo}|${a.mblNo}|${a.carrierScac}`)!;
      const already = followed.get(container.id);
      const createdId = createdByContainer.get(container.id);
      outcomes[a.index] = createdId
        ? {
            containerNo: a.containerNo,
            mblNo: a.mblNo,
            carrierScac: a.carrierScac,
            outcome: 'created',
            message: null,
            shipmentOverallId: createdId,
          }
        : {
            containerNo: a.containerNo,
            mblNo: a.mblNo,
            carrierScac: a.carrierScac,
            outcome: 'already_tracked',
            message: already?.archived ? 'Already tracked, in the archived list' : 'Already tracked',
            shipmentOverallId: already?.id ?? null,
          };
    }
    // A container other workspaces already follow brings what is known about it.
    for (const c of rows) {
      if (c.derived && createdByContainer.has(c.id)) await copyToSubscriptions(tx, ctx.tracking.modes, c);
    }
    for (const { id } of fresh) {
      await ctx.jobs.send(QUEUES.trackingRefresh, refreshJob(id), { client, singletonKey: id });
    }
  });
  return outcomes;
}
