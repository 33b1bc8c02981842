import type { DerivedShipment, PortRef, VoyageLeg } from './derive-shipment';

/** What the map reads of a derived view: its ports, times, status and legs. */
export type VoyageView = Pick<
  DerivedShipment,
  'status' | 'pol' | 'pod' | 'transshipments' | 'departureVO' | 'arrivalVO' | 'legs'
>;

/** Where the box is, as the carrier's events tell it. */
export type VoyagePlace =
  | { at: 'port'; port: PortRef }
  /** Delivered, or back at the depot empty: the journey is over at `port`. */
  | { at: 'delivered'; port: PortRef }
  | { at: 'sea'; from: PortRef; to: PortRef; departedAt: string; arrivesAt: string | null };

/**
 * The legs of the voyage. A view derived before legs were read has the ports (loading, transshipments,
 * discharge) and the times of the first departure and the last arrival only.
 */
export function voyageLegs(view: VoyageView): VoyageLeg[] {
  if (view.legs) return view.legs;
  const calls = [view.pol, ...view.transshipments, view.pod].filter((p): p is PortRef => p !== null);
  return calls.slice(1).map((to, i) => ({
    from: calls[i]!,
    to,
    departure: i === 0 ? view.departureVO : { etd: null, atd: null },
    arrival: i === calls.length - 2 ? view.arrivalVO : { eta: null, ata: null },
  }));
}

/** The ports the voyage calls at, in order: the port of loading first. */
export function portCalls(view: VoyageView): PortRef[] {
  const legs = voyageLegs(view);
  if (legs.length > 0) return [legs[0]!.from, ...legs.map((leg) => leg.to)];
  return view.pol ? [view.pol] : [];
}

/**
 * Where the box is: on the water on the last leg it departed on and has not arrived from; at a port
 * between legs (a transshipment); at the port of discharge once arrived; delivered there once picked
 * up or returned empty; else at the port of loading. Null when no port is known yet.
 */
export function voyagePlace(view: VoyageView): VoyagePlace | null {
  switch (view.status) {
    case 'delivered':
    case 'empty_returned':
      return view.pod ? { at: 'delivered', port: view.pod } : null;
    case 'arrived':
    case 'discharged':
      return view.pod ? { at: 'port', port: view.pod } : null;
    case 'in_transit': {
      // A view derived before legs were read knows only the first departure and the last arrival:
      // the whole voyage is one leg to place the vessel on.
      if (!view.legs && view.pol && view.pod && view.departureVO.atd)
        return {
          at: 'sea',
          from: view.pol,
          to: view.pod,
          departedAt: view.departureVO.atd,
          arrivesAt: view.arrivalVO.eta,
        };
      const leg = voyageLegs(view).findLast((l) => l.departure.atd !== null);
      if (!leg?.departure.atd) return view.pol ? { at: 'port', port: view.pol } : null;
      if (leg.arrival.ata) return { at: 'port', port: leg.to };
      return {
        at: 'sea',
        from: leg.from,
        to: leg.to,
        departedAt: leg.departure.atd,
        arrivesAt: leg.arrival.eta,
      };
    }
    default:
      return view.pol ? { at: 'port', port: view.pol } : null;
  }
}

/** The share (0–1) of a leg's time that has passed at `now`; 0 while its arrival is not known. */
export function elapsedFraction(departedAt: string, arrivesAt: string | null, now: Date): number {
  if (!arrivesAt) return 0;
  const start = Date.parse(departedAt);
  const span = Date.parse(arrivesAt) - start;
  if (!(span > 0)) return 1;
  return Math.min(1, Math.max(0, (now.getTime() - start) / span));
}
