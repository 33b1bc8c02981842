import { eq } from 'drizzle-orm';
import { oneProvider } from '../../src/integrations/tracking/sources';
import type { DerivedShipment } from '@tracklane/shared/tracking/ocean/derive-shipment';
import type { TrackingEvent } from '@tracklane/shared/tracking/ocean/tracking-event';
import { oceanShipments, trackedItems } from '../../src/db/schema/tracking';
import { users } from '../../src/db/schema/users';
import {
  type ExpressAnswer,
  type ExpressProvider,
  type OceanProvider,
} from '../../src/integrations/tracking/provider';
import { createExpressMode } from '../../src/modules/express-shipments/express-mode';
import { createOceanMode } from '../../src/modules/ocean-shipments/ocean-mode';
import { createPersonalOrganization } from '../../src/modules/organizations/organizations.service';
import { refreshItem, type TrackingEngine } from '../../src/modules/tracking/refresh.service';
import { useTestDatabase } from '../database';
import { ITEMS_CHANGED_SUBSCRIBERS } from '../../src/items-changed-subscribers';

/** A fresh database with followed containers and scripted providers for the refresh tests. */
export async function useRefreshDatabase() {
  const database = await useTestDatabase();
  const { db } = database;
  const NOT_FOUND_ATTEMPTS = 3;

  let n = 0;
  /** The next number of this database's made-up users and tracking numbers. */
  const nextSerial = () => n++;
  /** A workspace following the containers of these tests (items nobody follows are never asked). */
  let follower: Promise<string> | undefined;
  async function followerWorkspace(): Promise<string> {
    follower ??= (async () => {
      const [user] = await db
        .insert(users)
        .values({ email: 'follower@example.com', firstName: 'F', lastName: 'W', passwordHash: 'x' })
        .returning();
      return (await createPersonalOrganization(db, user!)).workspaceId;
    })();
    return follower;
  }

  async function newContainer() {
    const [row] = await db
      .insert(trackedItems)
      .values({
        mode: 'ocean',
        trackingNo: `TEST${String(n++).padStart(7, '0')}`,
        reference: 'MEDU1',
        carrier: 'MSCU',
      })
      .returning();
    await db.insert(oceanShipments).values({
      workspaceId: await followerWorkspace(),
      itemId: row!.id,
      containerNo: row!.trackingNo,
      mblNo: row!.reference,
      carrierScac: row!.carrier,
    });
    return row!;
  }

  async function item(id: string) {
    const [row] = await db.select().from(trackedItems).where(eq(trackedItems.id, id));
    return row!;
  }

  function provider<A>(answer: (call: number) => A | Error) {
    const p = {
      source: 'demo' as const,
      calls: 0,
      async track() {
        const result = answer(++p.calls);
        if (result instanceof Error) throw result;
        return result;
      },
    };
    return p;
  }

  /** The engine with every mode answered by the given providers. */
  function engine(
    ocean: OceanProvider,
    express: ExpressProvider = provider<ExpressAnswer>(() => ({ status: 'not_found' })),
  ): TrackingEngine {
    return {
      modes: { ocean: createOceanMode(oneProvider(ocean)), express: createExpressMode(oneProvider(express)) },
      notFoundAttempts: NOT_FOUND_ATTEMPTS,
      demoCarriers: false,
      onItemsChanged: ITEMS_CHANGED_SUBSCRIBERS,
    };
  }

  const refresh = (p: OceanProvider, id: string, now = new Date()) =>
    refreshItem(database, engine(p), id, now);
  const derivedOf = (row: { derived: unknown }) => row.derived as DerivedShipment | null;

  const eventAt = (
    id: string,
    typeCode: TrackingEvent['typeCode'],
    classifier: TrackingEvent['classifier'],
    time: string,
  ): TrackingEvent => ({
    eventId: id,
    eventType: typeCode === 'ARRI' || typeCode === 'DEPA' ? 'TRANSPORT' : 'EQUIPMENT',
    typeCode,
    classifier,
    emptyIndicator: typeCode === 'ARRI' || typeCode === 'DEPA' ? null : 'LADEN',
    locationCode: typeCode === 'LOAD' ? 'CNSHA' : 'NLRTM',
    locationName: null,
    vesselName: 'EVER ACE',
    vesselImo: null,
    voyage: '001W',
    transportCallSequence: typeCode === 'LOAD' ? 1 : 2,
    eventTime: time,
    createdAt: time,
  });
  return {
    database,
    db,
    NOT_FOUND_ATTEMPTS,
    nextSerial,
    followerWorkspace,
    newContainer,
    item,
    provider,
    engine,
    refresh,
    derivedOf,
    eventAt,
  };
}
