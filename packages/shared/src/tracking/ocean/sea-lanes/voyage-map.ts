import { portByLocode, type Port } from '../ports';
import type { PortRef } from '../derive-shipment';
import type { MapPath, MapPlace, ShipmentMap } from '../../shipment-map.schema';
import { elapsedFraction, portCalls, voyagePlace, type VoyagePlace, type VoyageView } from '../voyage';
import { pointAlong, seaPath, type LonLat, type SeaLanes } from './sea-routes';

/** Hundredths of a degree (about 1 km): what a map needs, and a third of the bytes. */
const round = (value: number) => Math.round(value * 100) / 100;
const roundPath = (path: LonLat[]): MapPath => path.map(([lon, lat]) => [round(lon), round(lat)]);

const known = (ports: PortRef[]) => ports.flatMap((p) => portByLocode(p.locode) ?? []);
const routePoint = (port: Port) => ({ locode: port.locode, lat: port.lat, lon: port.lon });

/** The way through the ports, port to port along the sea lanes; null with fewer than two known ports. */
export function voyageRoute(lanes: SeaLanes, calls: PortRef[]): MapPath | null {
  const ports = known(calls).filter((p, i, all) => i === 0 || all[i - 1]!.locode !== p.locode);
  if (ports.length < 2) return null;
  const path: LonLat[] = [];
  for (let i = 1; i < ports.length; i++) {
    const leg = seaPath(lanes, routePoint(ports[i - 1]!), routePoint(ports[i]!));
    path.push(...(i === 1 ? leg : leg.slice(1)));
  }
  return roundPath(path);
}

/**
 * The map's point for a place: a port or a delivered box at the port; a box at sea on its vessel,
 * the share of the leg's sea-lane length that the share of its time from departure to arrival says.
 */
export function placePoint(
  lanes: SeaLanes,
  place: VoyagePlace,
  now: Date,
  vesselName: string | null,
): MapPlace | null {
  if (place.at !== 'sea') {
    const port = portByLocode(place.port.locode);
    if (!port) return null;
    const kind = place.at === 'delivered' ? 'delivered' : 'port';
    return { kind, name: port.name, lat: port.lat, lon: port.lon };
  }
  const from = portByLocode(place.from.locode);
  const to = portByLocode(place.to.locode);
  if (!from || !to) return null;
  const path = seaPath(lanes, routePoint(from), routePoint(to));
  const [lon, lat] = pointAlong(path, elapsedFraction(place.departedAt, place.arrivesAt, now));
  return {
    kind: 'vessel',
    name: vesselName ?? `${from.name} – ${to.name}`,
    lat: round(lat),
    lon: round(lon),
  };
}

/** One container on the map: where it is now and its voyage along the sea lanes. */
export function voyageMap(
  lanes: SeaLanes,
  view: VoyageView | null,
  vesselName: string | null,
  now: Date,
): ShipmentMap {
  if (!view) return { position: null, route: null };
  const place = voyagePlace(view);
  return {
    position: place ? placePoint(lanes, place, now, vesselName) : null,
    route: voyageRoute(lanes, portCalls(view)),
  };
}
