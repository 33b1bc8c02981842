import { Anchor, Badge, Button, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { MAP_LAYERS, WorldMap } from '../../../components/world-map';
import { DEFAULT_VIEW } from '../../../lib/map-view';
import { useMapPreference, useSaveMapPreference } from '../../../lib/use-map-preference';
import { itemHref, type AnyDashboard, type DashboardModeConfig } from '../utils/modes';
import classes from './dashboard.module.css';

/** Places shown before "Show all": the busiest first, as the server orders them. */
const PLACES_SHOWN = 9;

/** One shipment at a place, of either mode. */
type MapEntry = AnyDashboard['liveMapVO']['positions'][number]['items'][number];

const KIND_LABEL = { port: 'Port', vessel: 'At sea', city: 'City', delivered: 'Delivered' } as const;

/**
 * Where the shipments are now (spec §3 liveMapVO): the offline world map, whose view and layers are
 * the user's saved map preference, and under it the positions as a list (for screen readers and
 * small screens too): each place, its count and its shipments linking to their detail pages.
 */
export function LiveMapSection({
  map,
  config,
  timeZone,
}: {
  map: AnyDashboard['liveMapVO'];
  config: DashboardModeConfig;
  timeZone: string;
}) {
  const [all, setAll] = useState(false);
  const positions = [...map.positions].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const shown = all ? positions : positions.slice(0, PLACES_SHOWN);
  const preference = useMapPreference();
  const save = useSaveMapPreference();
  const saved = preference.data ?? null;
  return (
    <Paper component="section" aria-label="Live map" withBorder radius="lg" p="md">
      <Title order={2} size="h5" mb="sm">
        Where they are now
      </Title>
      <WorldMap<MapEntry>
        positions={map.positions}
        legs={map.legs}
        hrefOf={(item) => itemHref(config, item.link, timeZone)}
        loading={preference.isPending}
        view={saved?.view}
        layers={saved?.layers}
        onViewChange={(view) => save.mutate({ view, layers: saved?.layers ?? [...MAP_LAYERS] })}
        onLayersChange={(layers) => save.mutate({ view: saved?.view ?? DEFAULT_VIEW, layers })}
      />
      {positions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No positions yet: they appear after the carriers’ first answers.
        </Text>
      ) : (
        <>
          <ul className={classes.places}>
            {shown.map((position) => (
              <li key={position.key} className={classes.place}>
                <div className={classes.placeHead}>
                  <Text size="sm" fw={600} truncate>
                    {position.name}
                  </Text>
                  <Badge size="xs" variant="light" color={position.kind === 'vessel' ? 'ocean' : 'gray'}>
                    {KIND_LABEL[position.kind]}
                  </Badge>
                  <span className={classes.number} style={{ marginLeft: 'auto' }}>
                    {position.count}
                  </span>
                </div>
                <div className={classes.placeItems}>
                  {position.items.map((item) => (
                    <Anchor
                      key={item.id}
                      component={Link}
                      to={itemHref(config, item.link, timeZone)}
                      className={classes.identifier}
                    >
                      {item.identifier}
                    </Anchor>
                  ))}
                  {position.count > position.items.length ? (
                    <Text size="xs" c="dimmed" component="span">
                      and {position.count - position.items.length} more
                    </Text>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          {positions.length > PLACES_SHOWN ? (
            <Button variant="subtle" size="xs" mt="sm" onClick={() => setAll(!all)}>
              {all ? 'Show the busiest places' : `Show all ${String(positions.length)} places`}
            </Button>
          ) : null}
        </>
      )}
    </Paper>
  );
}
