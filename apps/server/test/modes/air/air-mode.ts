import type { ChangeRecord } from '@tracklane/shared/notifications/notification-types';
import type { ProviderAnswer, TrackingProvider } from '../../../src/integrations/tracking/provider';
import { oneProvider } from '../../../src/integrations/tracking/sources';
import type { TrackingState } from '../../../src/db/schema/tracking';
import {
  defineMode,
  type ModeEvent,
  type TrackingModeDefinition,
} from '../../../src/modules/tracking/tracking-mode';
import { AIR_FEATURES } from './air-features';
import { AIR } from './air-presentation';

export { AIR };

/** What the fake airline reports: a flight's departure or landing, actual or estimated. */
export interface AirEvent extends ModeEvent {
  classifier: 'ACT' | 'EST';
  kind: 'departed' | 'landed';
  airport: string;
}

export interface AirQuery {
  awb: string;
  airline: string;
}

/** An air waybill's journey as the mode derives it from every stored event. */
export interface DerivedAirWaybill {
  status: 'booked' | 'departed' | 'landed';
  departedAt: string | null;
  landedAt: string | null;
  /** The latest estimated landing, until it lands. */
  eta: string | null;
}

/** The derivation: the latest actual milestone decides the status; the latest estimate is the ETA. */
export function deriveAirWaybill(events: AirEvent[]): DerivedAirWaybill {
  const sorted = [...events].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const actual = (kind: AirEvent['kind']) =>
    sorted.find((e) => e.classifier === 'ACT' && e.kind === kind)?.eventTime ?? null;
  const departedAt = actual('departed');
  const landedAt = actual('landed');
  const estimate = sorted.filter((e) => e.classifier === 'EST' && e.kind === 'landed').at(-1);
  return {
    status: landedAt ? 'landed' : departedAt ? 'departed' : 'booked',
    departedAt,
    landedAt,
    eta: landedAt ? null : (estimate?.eventTime ?? null),
  };
}

/** What changed between two views, in the product's change types. */
export function detectAirChanges(
  previous: DerivedAirWaybill | null,
  next: DerivedAirWaybill,
): ChangeRecord[] {
  if (!previous) return [];
  const changes: ChangeRecord[] = [];
  if (next.status !== previous.status)
    changes.push({
      type: 'milestone',
      key: `status:${next.status}`,
      text: next.status === 'landed' ? 'Landed' : 'Departed',
      data: { from: previous.status, to: next.status },
    });
  if (next.eta && previous.eta && next.eta !== previous.eta)
    changes.push({
      type: 'eta',
      key: `eta:${next.eta}`,
      text: 'Estimated landing changed',
      data: { from: previous.eta, to: next.eta, deltaMs: Date.parse(next.eta) - Date.parse(previous.eta) },
    });
  return changes;
}

/** A scripted airline: each AWB's events as the test sets them; an unknown AWB is not found. */
export function createFakeAirline(): TrackingProvider<AirQuery, AirEvent, object> & {
  script: Map<string, AirEvent[]>;
} {
  const script = new Map<string, AirEvent[]>();
  return {
    source: 'fake-airline',
    script,
    track: (query): Promise<ProviderAnswer<AirEvent, object>> => {
      const events = script.get(query.awb);
      return Promise.resolve(events ? { status: 'found', events } : { status: 'not_found' });
    },
  };
}

/** The list columns every air subscription copies from its waybill. */
function airListColumns(derived: DerivedAirWaybill | null, state: TrackingState) {
  const date = (iso: string | null | undefined) => (iso ? new Date(iso) : null);
  return {
    state,
    status: derived?.status ?? null,
    etaAt: date(derived?.eta),
    landedAt: date(derived?.landedAt),
    updatedAt: new Date(),
  };
}

/** The air mode as the engine sees it: a provider, a derivation, and its features. */
export function createAirMode(airline: TrackingProvider<AirQuery, AirEvent, object>): TrackingModeDefinition {
  return defineMode<AirQuery, AirEvent, object, DerivedAirWaybill>({
    mode: AIR,
    sources: oneProvider(airline),
    query: (item) => ({ awb: item.trackingNo, airline: item.carrier }),
    derive: (events) => deriveAirWaybill(events),
    nextCheck: (derived, _changedAt, now) =>
      derived.status === 'landed'
        ? { at: null, completed: true }
        : { at: new Date(now.getTime() + 3_600_000), completed: false },
    detectChanges: detectAirChanges,
    carrierCode: (carrier) => carrier.trim().toUpperCase(),
    listColumns: airListColumns,
    features: AIR_FEATURES,
  });
}
