import { randomUUID } from 'node:crypto';
import {
  type ExpressAttentionRule,
  type OceanAttentionRule,
} from '@tracklane/shared/dashboard/dashboard.schema';
import { expressListQuerySchema } from '@tracklane/shared/tracking/express/express-shipments.schema';
import type { DerivedParcel } from '@tracklane/shared/tracking/express/derived-parcel';
import type { ParcelPlace } from '@tracklane/shared/tracking/express/parcel-event';
import { oceanListQuerySchema } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import { expressShipments, trackedItems, type TrackingState } from '../../src/db/schema/tracking';
import { updateFreeTimeClocks } from '../../src/modules/ocean-shipments/free-time/free-time-clocks';
import { listExpressShipments } from '../../src/modules/express-shipments/express-shipments.service';
import { listOceanShipments } from '../../src/modules/ocean-shipments/ocean-shipments.service';
import { expressListColumns } from '../../src/modules/express-shipments/express-mode';
import { oceanListColumns } from '../../src/modules/ocean-shipments/ocean-mode';
import { useTestApp } from '../app';
import { followedContainer } from './followed-shipments';

export interface Sub {
  state?: TrackingState;
  archived?: boolean;
  lastCheckedAt?: Date | null;
  consecutiveFailures?: number;
}

/** The app on a fresh database with the shipments the dashboard attention tests build, at a fixed now. */
export async function useDashboardApp() {
  const { app, ctx } = await useTestApp();

  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;
  /** A Wednesday, noon UTC. */
  const NOW = new Date('2026-06-10T12:00:00.000Z');
  const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

  const pod = { locode: 'NLRTM', name: 'Rotterdam' };

  function ship(
    over: Partial<DerivedShipment> & {
      lfd?: string;
      etas?: string[];
      discharged?: boolean;
      gateOut?: string;
      returned?: string;
    } = {},
  ): DerivedShipment {
    const { lfd, etas, discharged, gateOut, returned, ...rest } = over;
    const act = (time: string | undefined) =>
      time ? { time, classifier: 'ACT' as const, location: pod } : null;
    const etaHistory = (etas ?? []).map((eta) => ({
      eta,
      classifier: 'EST' as const,
      recordedAt: at(-20 * DAY),
    }));
    return {
      shipmentOverall: {
        emptyGateOut: null,
        fullGateIn: null,
        loaded: null,
        lastFreeDay: lfd ? { time: lfd, classifier: 'EST', location: pod } : null,
        fullGateOut: act(gateOut),
        emptyReturned: act(returned),
        discharged: discharged ? { time: at(-3 * DAY), classifier: 'ACT', location: pod } : null,
        berthed: null,
      },
      departureVO: { etd: null, atd: at(-20 * DAY) },
      arrivalVO: { eta: etas?.at(-1) ?? null, ata: null },
      pol: { locode: 'CNSHA', name: 'Shanghai' },
      pod,
      transshipments: [],
      vessel: { name: 'EVER GIVEN', imo: null, voyage: null },
      status: discharged ? 'discharged' : 'in_transit',
      etaHistory,
      rolls: [],
      lastActualAt: null,
      ...rest,
    };
  }

  async function addOcean(workspaceId: string, derived: DerivedShipment | null, sub: Sub = {}) {
    const state = sub.state ?? 'active';
    const { item, sub: row } = await followedContainer(
      ctx.db,
      workspaceId,
      { archived: sub.archived ?? false, ...oceanListColumns(derived, state) },
      {
        carrier: 'MAEU',
        state,
        derived,
        lastCheckedAt: sub.lastCheckedAt === undefined ? new Date(NOW.getTime() - HOUR) : sub.lastCheckedAt,
        consecutiveFailures: sub.consecutiveFailures ?? 0,
        ...(state === 'no_source' ? { scope: 'none' as const } : {}),
      },
    );
    // As the refresh does after copying the list columns: the clocks on the workspace's terms.
    await updateFreeTimeClocks(ctx.db, { itemIds: [item.id] }, NOW);
    return row.id;
  }

  const place = (city: string, lat: number | null = null, lon: number | null = null): ParcelPlace => ({
    name: city,
    city,
    countryCode: null,
    latitude: lat,
    longitude: lon,
  });

  function parcel(over: Partial<DerivedParcel> = {}): DerivedParcel {
    return {
      status: 'in_transit',
      subStatus: null,
      statusText: null,
      exceptionReason: null,
      service: null,
      origin: place('Leipzig'),
      destination: place('Paris'),
      lastLocation: null,
      lastEventAt: at(-HOUR),
      estimatedDelivery: at(2 * DAY),
      estimatedDeliveryHistory: [],
      pickedUpAt: null,
      deliveredAt: null,
      signedBy: null,
      failedAttempts: 0,
      firstEventAt: at(-2 * DAY),
      ...over,
    };
  }

  let parcelSerial = 0;
  async function addParcel(workspaceId: string, derived: DerivedParcel | null, sub: Sub = {}) {
    const state = sub.state ?? 'active';
    const [item] = await ctx.db
      .insert(trackedItems)
      .values({
        mode: 'express',
        trackingNo: `DASH${String(parcelSerial++).padStart(8, '0')}`,
        carrier: 'dhl',
        state,
        derived,
        lastCheckedAt: sub.lastCheckedAt === undefined ? new Date(NOW.getTime() - HOUR) : sub.lastCheckedAt,
        ...(state === 'no_source' ? { scope: 'none' as const } : {}),
      })
      .returning();
    const [row] = await ctx.db
      .insert(expressShipments)
      .values({
        workspaceId,
        itemId: item!.id,
        trackingNo: item!.trackingNo,
        carrier: 'dhl',
        archived: sub.archived ?? false,
        ...expressListColumns(derived, state),
      })
      .returning();
    return row!.id;
  }

  const sorted = (ids: string[]) => [...ids].sort();

  /** A list read by a member who has starred nothing: favourites play no part in these rules. */
  const readerOf = (workspaceId: string) => ({ workspaceId, userId: randomUUID() });

  async function oceanListIds(workspaceId: string, rule: OceanAttentionRule) {
    const query = oceanListQuerySchema.parse({ attention: rule, limit: 200 });
    return sorted(
      (await listOceanShipments(ctx.db, readerOf(workspaceId), query, NOW)).items.map(
        (i) => i.shipmentOverallId,
      ),
    );
  }

  async function expressListIds(workspaceId: string, rule: ExpressAttentionRule) {
    const query = expressListQuerySchema.parse({ attention: rule, limit: 200 });
    return sorted(
      (await listExpressShipments(ctx.db, readerOf(workspaceId), query, NOW)).expressTrackingDocumentList.map(
        (i) => i.expressOrderId,
      ),
    );
  }
  return {
    app,
    ctx,
    MINUTE,
    HOUR,
    DAY,
    NOW,
    at,
    pod,
    ship,
    addOcean,
    place,
    parcel,
    parcelSerial,
    addParcel,
    sorted,
    readerOf,
    oceanListIds,
    expressListIds,
  };
}
