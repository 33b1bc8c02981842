import type { ShipmentMap as ShipmentMapData } from '@tracklane/shared/tracking/shipment-map.schema';
import { useMemo } from 'react';
import { fitView } from '../lib/map-view';
import { WorldMap, type MapItem, type MapLeg, type MapPosition } from './world-map';

export interface MappedShipment {
  item: MapItem;
  map: ShipmentMapData;
}

/** Markers and routes of shipments whose map the server sent (detail and public pages). */
export function shipmentMapLayers(shipments: MappedShipment[]): { positions: MapPosition[]; legs: MapLeg[] } {
  return {
    positions: shipments.flatMap(({ item, map }) =>
      map.position ? [{ ...map.position, key: `shipment-${item.id}`, count: 1, items: [item] }] : [],
    ),
    legs: shipments.flatMap(({ map }) => (map.route ? [{ path: map.route, count: 1 }] : [])),
  };
}

/**
 * A few shipments on the world map (the dashboard's map, not a copy): each where it is now, a
 * delivered one as delivered at its place, and the way each travels, in a view that fits them.
 */
export function ShipmentMap({
  shipments,
  hrefOf,
}: {
  shipments: MappedShipment[];
  hrefOf: (item: MapItem) => string;
}) {
  const { positions, legs } = useMemo(() => shipmentMapLayers(shipments), [shipments]);
  // Opens on the shipments' routes and places; Reset view shows the whole world.
  const view = useMemo(
    () =>
      fitView([
        ...legs.flatMap((leg) => leg.path),
        ...positions.map((p): [number, number] => [p.lon, p.lat]),
      ]),
    [legs, positions],
  );
  return <WorldMap positions={positions} legs={legs} hrefOf={hrefOf} view={view} />;
}

/** For React.lazy: a page that opens without the map (the detail page) fetches it after its first paint. */
export default ShipmentMap;
