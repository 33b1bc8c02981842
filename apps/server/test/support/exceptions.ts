import { eq } from 'drizzle-orm';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { shipmentExceptions } from '../../src/db/schema/exceptions';
import { oneProvider } from '../../src/integrations/tracking/sources';
import type { ExpressAnswer, OceanAnswer } from '../../src/integrations/tracking/provider';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../../src/items-changed-subscribers';
import { withTransaction } from '../../src/lib/transaction';
import { syncExceptions } from '../../src/modules/exceptions/exception-sync';
import { createExpressMode } from '../../src/modules/express-shipments/express-mode';
import { createOceanMode } from '../../src/modules/ocean-shipments/ocean-mode';
import { type TrackingEngine } from '../../src/modules/tracking/refresh.service';
import { followedContainer, followedParcel } from './followed-shipments';
import { useTestApp } from '../app';
import type { Account } from '../auth-helpers';

/**
 * The app with scripted carriers of both modes and helpers that make followed shipments, for the
 * exceptions' tests.
 */
export async function useExceptionsApp() {
  const { app, ctx } = await useTestApp();
  const { db } = ctx;

  const call = (account: Account, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });

  const carrier = {
    ocean: { status: 'not_found' } as OceanAnswer,
    express: { status: 'not_found' } as ExpressAnswer,
  };
  const engine: TrackingEngine = {
    modes: {
      ocean: createOceanMode(oneProvider({ source: 'demo', track: async () => carrier.ocean })),
      express: createExpressMode(oneProvider({ source: 'demo', track: async () => carrier.express })),
    },
    notFoundAttempts: 1,
    demoCarriers: false,
    onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS,
  };

  const ocean = (workspaceId: string, columns?: Parameters<typeof followedContainer>[2]) =>
    followedContainer(db, workspaceId, columns);

  const parcel = (workspaceId: string, columns?: Parameters<typeof followedParcel>[2]) =>
    followedParcel(db, workspaceId, columns);

  const exceptionsOf = (subscriptionId: string) =>
    db
      .select()
      .from(shipmentExceptions)
      .where(eq(shipmentExceptions.subscriptionId, subscriptionId))
      .orderBy(shipmentExceptions.openedAt);

  const sync = (mode: 'ocean' | 'express', itemId: string, now: Date) =>
    withTransaction(ctx.pool, ({ tx }) => syncExceptions(tx, mode, { itemIds: [itemId] }, now));

  const arri = (id: string, classifier: 'EST' | 'ACT', time: string, createdAt: string): TrackingEvent => ({
    eventId: id,
    eventType: 'TRANSPORT',
    typeCode: 'ARRI',
    classifier,
    emptyIndicator: null,
    locationCode: 'NLRTM',
    locationName: null,
    vesselName: 'EVER ACE',
    vesselImo: null,
    voyage: '001W',
    transportCallSequence: 2,
    eventTime: time,
    createdAt,
  });
  return { app, ctx, db, call, carrier, engine, ocean, parcel, exceptionsOf, sync, arri };
}
