import type { OceanShipmentDetail } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';

type DetailEvent = OceanShipmentDetail['events'][number];

/** One thing that happens to the container, at what is known of it now, with what was said before. */
export interface EventWithVersions {
  key: string;
  /** The best knowledge: the actual if there is one, else the newest estimate, else the newest plan. */
  latest: DetailEvent;
  /** The other versions (plans, earlier estimates, corrections), the most recently given first. */
  earlier: DetailEvent[];
}

const RANK = { PLN: 0, EST: 1, ACT: 2 } as const;

/**
 * The same move of the container: its type and load, its place and its transport call (voyage and
 * call sequence), as the milestones group carrier events (packages/shared derive-shipment).
 */
function identity(event: DetailEvent): string {
  return [
    event.eventType,
    event.typeCode,
    event.emptyIndicator ?? '',
    event.location?.locode ?? '',
    event.voyage ?? '',
    String(event.transportCallSequence ?? ''),
  ].join('|');
}

/** Higher classifier first, then the one the carrier created later (stable for equal times). */
function better(a: DetailEvent, b: DetailEvent): number {
  return (
    RANK[b.classifier] - RANK[a.classifier] || Date.parse(b.eventCreatedAt) - Date.parse(a.eventCreatedAt)
  );
}

/**
 * A carrier reports one move several times: planned, estimated (often more than once), then actual.
 * The Events tab lists each move once at its latest classifier (ACT > EST > PLN), in the order of the
 * times now known, and keeps the superseded versions for whoever asks. Pure.
 */
export function groupEventVersions(events: readonly DetailEvent[]): EventWithVersions[] {
  const groups = new Map<string, { first: number; versions: DetailEvent[] }>();
  events.forEach((event, index) => {
    const key = identity(event);
    const group = groups.get(key);
    if (group) group.versions.push(event);
    else groups.set(key, { first: index, versions: [event] });
  });
  return [...groups.entries()]
    .map(([key, { first, versions }]) => {
      const [latest, ...earlier] = [...versions].sort(better) as [DetailEvent, ...DetailEvent[]];
      return { key, first, latest, earlier };
    })
    .sort((a, b) => Date.parse(a.latest.eventTime) - Date.parse(b.latest.eventTime) || a.first - b.first)
    .map(({ key, latest, earlier }) => ({ key, latest, earlier }));
}
