import { Anchor, Popover, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { markerDiameter, type Cluster } from '../lib/map-clusters';
import type { MapItem, MapPosition, MapPositionKind } from './world-map';
import classes from './world-map.module.css';

/** What each kind of place is called, in the marker's popover and the map's legend. */
export const KIND_LABEL: Record<MapPositionKind, string> = {
  port: 'Port',
  vessel: 'Vessel',
  city: 'City',
  delivered: 'Delivered',
};

/** A place with its position on the drawn map. */
export type PlacedPosition<Item extends MapItem> = MapPosition<Item> & { x: number; y: number };
function clusterTitle<Item extends MapItem>(cluster: Cluster<PlacedPosition<Item>>): string {
  const [first, ...rest] = cluster.members;
  if (!first) return '';
  return rest.length === 0
    ? first.name
    : `${first.name} and ${rest.length} more place${rest.length > 1 ? 's' : ''}`;
}

const shipmentsLabel = (count: number) => `${count} shipment${count === 1 ? '' : 's'}`;
interface ClusterMarkerProps<Item extends MapItem> {
  cluster: Cluster<PlacedPosition<Item>>;
  left: number;
  top: number;
  opened: boolean;
  onToggle: () => void;
  onClose: () => void;
  hrefOf: (item: Item) => string;
}

/** One marker: a place or a cluster of places, whose popover lists its shipments' links. */
export function ClusterMarker<Item extends MapItem>({
  cluster,
  left,
  top,
  opened,
  onToggle,
  onClose,
  hrefOf,
}: ClusterMarkerProps<Item>) {
  const title = clusterTitle(cluster);
  const kinds = new Set(cluster.members.map((member) => member.kind));
  const kind = kinds.size === 1 ? cluster.members[0]?.kind : 'mixed';
  // Delivered is said in words too, not by the marker's colour alone.
  const label = `${title}${kind === 'delivered' ? ', delivered' : ''}: ${shipmentsLabel(cluster.count)}`;
  const items = cluster.members.flatMap((member) => member.items);
  const more = cluster.count - items.length;
  const size = markerDiameter(cluster.count);

  return (
    <Popover opened={opened} onDismiss={onClose} position="top" withArrow shadow="md" width={260}>
      <Popover.Target>
        <Tooltip label={label} disabled={opened} withArrow>
          <button
            type="button"
            className={classes.marker}
            data-kind={kind}
            style={{ left: `${left}%`, top: `${top}%`, width: size, height: size }}
            aria-label={label}
            aria-expanded={opened}
            onClick={onToggle}
          >
            {cluster.count > 1 ? cluster.count : null}
          </button>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="xs" c="dimmed" mb={6}>
          {kind && kind !== 'mixed' ? `${KIND_LABEL[kind]} · ` : ''}
          {shipmentsLabel(cluster.count)}
        </Text>
        <ul className={classes.itemList}>
          {items.map((item) => (
            <li key={item.id}>
              <Anchor component={Link} to={hrefOf(item)} size="sm" className={classes.identifier}>
                {item.identifier}
              </Anchor>
            </li>
          ))}
        </ul>
        {more > 0 && (
          <Text size="xs" c="dimmed" mt={4}>
            and {more} more
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
