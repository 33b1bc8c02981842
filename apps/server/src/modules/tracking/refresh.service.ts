import { isDeepStrictEqual } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { deriveShipment, type DerivedShipment } from '@tracklane/shared/tracking/derive-shipment';
import type { TrackingEvent } from '@tracklane/shared/tracking/tracking-event';
import type { Database } from '../../db/client';
import { containerEvents, containers, oceanShipments, UNKNOWN_TIME } from '../../db/schema/tracking';
import type { OceanProvider } from '../../integrations/tracking/provider';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A carrier that does not know a container yet is asked again for a while before we give up. */
export const NOT_FOUND_CHECKS_BEFORE_GIVING_UP = 6;
/** Tracking stops this long after the empty container is returned. */
export const STOP_AFTER_EMPTY_RETURN_MS = 3 * DAY;

export type ProviderFor = (carrierScac: string) => OceanProvider;

type ContainerRow = typeof containers.$inferSelect;

/**
 * When to look again: soon while a container is changing, less often as it goes quiet, never after
 * it has been back at the depot for a few days.
 */
export function nextCheck(
  derived: DerivedShipment,
  changedAt: Date,
  now: Date,
): { at: Date | null; completed: boolean } {
  const returned = derived.shipmentOverall.emptyReturned;
  if (
    returned?.classifier === 'ACT' &&
    now.getTime() - Date.parse(returned.time) > STOP_AFTER_EMPTY_RETURN_MS
  ) {
    return { at: null, completed: true };
  }
  const quiet = now.getTime() - changedAt.getTime();
  const interval = quiet < DAY ? HOUR : quiet < 7 * DAY ? 3 * HOUR : 12 * HOUR;
  return { at: new Date(now.getTime() + interval), completed: false };
}

/** Retry delay after a carrier failure: exponential from 5 minutes, capped at 6 hours. */
export function failureBackoff(consecutiveFailures: number): number {
  return Math.min(5 * MINUTE * 2 ** Math.max(0, consecutiveFailures - 1), 6 * HOUR);
}

function toEvent(row: typeof containerEvents.$inferSelect): TrackingEvent {
  return {
    eventId: row.eventId,
    eventType: row.eventType as TrackingEvent['eventType'],
    typeCode: row.typeCode as TrackingEvent['typeCode'],
    classifier: row.classifier as TrackingEvent['classifier'],
    emptyIndicator: row.emptyIndicator as TrackingEvent['emptyIndicator'],
    locationCode: row.locationCode,
    locationName: row.locationName,
    vesselName: row.vesselName,
    vesselImo: row.vesselImo,
    voyage: row.voyage,
    transportCallSequence: row.transportCallSequence,
    eventTime: row.eventTime.toISOString(),
    createdAt: row.eventCreatedAt.toISOString(),
  };
}

export async function loadEvents(db: Database, containerId: string): Promise<TrackingEvent[]> {
  const rows = await db
    .select()
    .from(containerEvents)
    .where(eq(containerEvents.containerId, containerId))
    .orderBy(asc(containerEvents.eventTime));
  return rows.map(toEvent);
}

/** The list columns every subscription copies from its container. */
function listColumns(derived: DerivedShipment | null, state: string) {
  const date = (iso: string | null | undefined) => (iso ? new Date(iso) : null);
  return {
    state,
    status: derived?.status ?? null,
    polLocode: derived?.pol?.locode ?? null,
    podLocode: derived?.pod?.locode ?? null,
    vesselName: derived?.vessel?.name ?? null,
    etd: date(derived?.departureVO.etd),
    atd: date(derived?.departureVO.atd),
    eta: date(derived?.arrivalVO.eta),
    ata: date(derived?.arrivalVO.ata),
    arrivalAt: date(derived?.arrivalVO.ata ?? derived?.arrivalVO.eta) ?? UNKNOWN_TIME,
    departureAt: date(derived?.departureVO.atd ?? derived?.departureVO.etd) ?? UNKNOWN_TIME,
    updatedAt: new Date(),
  };
}

export async function copyToSubscriptions(
  db: Database,
  container: Pick<ContainerRow, 'id' | 'derived' | 'state'>,
): Promise<void> {
  await db
    .update(oceanShipments)
    .set(listColumns(container.derived, container.state))
    .where(eq(oceanShipments.containerId, container.id));
}

export interface RefreshOutcome {
  result: 'changed' | 'unchanged' | 'not_found' | 'failed' | 'skipped';
  newEvents: number;
}

/**
 * Asks the carrier about one container and stores what is new. Events are only ever added (an outage
 * or a bad answer never removes what we have); the derived view is recomputed from all of them.
 */
export async function refreshContainer(
  db: Database,
  providerFor: ProviderFor,
  containerId: string,
  now: Date,
): Promise<RefreshOutcome> {
  const [container] = await db.select().from(containers).where(eq(containers.id, containerId));
  if (!container || container.state === 'completed' || container.state === 'not_found')
    return { result: 'skipped', newEvents: 0 };
  const provider = providerFor(container.carrierScac);

  let answer;
  try {
    answer = await provider.track(
      {
        containerNo: container.containerNo,
        mblNo: container.mblNo,
        carrierScac: container.carrierScac,
        trackingStartedAt: container.trackingStartedAt,
      },
      now,
    );
  } catch (err) {
    const failures = container.consecutiveFailures + 1;
    await db
      .update(containers)
      .set({
        consecutiveFailures: failures,
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        lastCheckedAt: now,
        lastSource: provider.source,
        nextCheckAt: new Date(now.getTime() + failureBackoff(failures)),
      })
      .where(eq(containers.id, containerId));
    return { result: 'failed', newEvents: 0 };
  }

  if (answer.status === 'not_found') {
    const checks = container.notFoundChecks + 1;
    const givingUp = checks >= NOT_FOUND_CHECKS_BEFORE_GIVING_UP && !container.derived;
    const state = givingUp ? 'not_found' : container.state;
    await db
      .update(containers)
      .set({
        notFoundChecks: checks,
        consecutiveFailures: 0,
        lastError: null,
        lastCheckedAt: now,
        lastSource: provider.source,
        state,
        // New bookings often reach carrier systems late: ask again within hours, then give up.
        nextCheckAt: new Date(now.getTime() + Math.min(30 * MINUTE * 2 ** (checks - 1), 12 * HOUR)),
      })
      .where(eq(containers.id, containerId));
    if (givingUp) await copyToSubscriptions(db, { ...container, state });
    return { result: 'not_found', newEvents: 0 };
  }

  const inserted = answer.events.length
    ? await db
        .insert(containerEvents)
        .values(
          answer.events.map((e) => ({
            containerId,
            source: provider.source,
            eventId: e.eventId,
            eventType: e.eventType,
            typeCode: e.typeCode,
            classifier: e.classifier,
            emptyIndicator: e.emptyIndicator,
            locationCode: e.locationCode,
            locationName: e.locationName,
            vesselName: e.vesselName,
            vesselImo: e.vesselImo,
            voyage: e.voyage,
            transportCallSequence: e.transportCallSequence,
            eventTime: new Date(e.eventTime),
            eventCreatedAt: new Date(e.createdAt),
            receivedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: containerEvents.id })
    : [];

  const lastFreeDay = answer.facts?.lastFreeDay ?? container.lastFreeDay?.toISOString() ?? null;
  const derived = deriveShipment(await loadEvents(db, containerId), { lastFreeDay });
  // jsonb does not keep key order, so compare structurally.
  const changed = !isDeepStrictEqual(JSON.parse(JSON.stringify(derived)), container.derived);
  const changedAt = changed ? now : (container.changedAt ?? now);
  const next = nextCheck(derived, changedAt, now);
  const state = next.completed ? 'completed' : 'active';
  await db
    .update(containers)
    .set({
      derived,
      changedAt,
      state,
      lastFreeDay: lastFreeDay ? new Date(lastFreeDay) : null,
      notFoundChecks: 0,
      consecutiveFailures: 0,
      lastError: null,
      lastCheckedAt: now,
      lastSource: provider.source,
      nextCheckAt: next.at ?? UNKNOWN_TIME,
    })
    .where(eq(containers.id, containerId));
  if (changed || state !== container.state)
    await copyToSubscriptions(db, { id: containerId, derived, state });
  return { result: changed ? 'changed' : 'unchanged', newEvents: inserted.length };
}

/**
 * Claims up to `limit` containers that are due, pushing their next check out by a lease so that
 * another poller skips them while they are being refreshed.
 */
export async function claimDueContainers(db: Database, now: Date, limit: number): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    UPDATE ${containers} SET next_check_at = ${new Date(now.getTime() + 10 * MINUTE)}
    WHERE id IN (
      SELECT id FROM ${containers}
      WHERE state IN ('pending', 'active') AND next_check_at <= ${now}
      ORDER BY next_check_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  return rows.rows.map((r) => r.id);
}
