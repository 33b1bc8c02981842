import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as WorldGeometry from '../lib/world-geometry';
import { renderRoutes } from '../test/render';
import { WorldMap, type MapItem, type MapLeg, type MapPosition, type WorldMapProps } from './world-map';

// The geometry is a static file of the build; its outlines do not matter to these tests.
vi.mock('../lib/world-geometry', async (importOriginal) => ({
  ...(await importOriginal<typeof WorldGeometry>()),
  loadWorldShapes: () => Promise.resolve({ land: 'M0,0L10,10Z', graticule: '', sphere: '' }),
}));

const items = (prefix: string, count: number): MapItem[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `${prefix}${index}`,
    identifier: `${prefix.toUpperCase()}U${index}`,
  }));

const shanghai: MapPosition = {
  key: 'port:CNSHA',
  kind: 'port',
  name: 'Shanghai',
  lat: 31.23,
  lon: 121.47,
  count: 12,
  items: items('sha', 2),
};
const rotterdam: MapPosition = {
  key: 'port:NLRTM',
  kind: 'port',
  name: 'Rotterdam',
  lat: 51.95,
  lon: 4.14,
  count: 1,
  items: items('rtm', 1),
};
const singapore: MapPosition = {
  key: 'port:SGSIN',
  kind: 'port',
  name: 'Singapore',
  lat: 1.264,
  lon: 103.84,
  count: 3,
  items: items('sin', 3),
};
const portKlang: MapPosition = {
  key: 'port:MYPKG',
  kind: 'port',
  name: 'Port Klang',
  lat: 3.0,
  lon: 101.39,
  count: 2,
  items: items('pkg', 2),
};
const leg: MapLeg = {
  path: [
    [121.47, 31.23],
    [103.84, 1.26],
    [4.14, 51.95],
  ],
  count: 2,
};

function renderMap(props: Partial<WorldMapProps<MapItem>> = {}) {
  const hrefOf = (item: MapItem) => `/shipment/${item.id}`;
  const element = <WorldMap positions={[shanghai, rotterdam]} legs={[leg]} hrefOf={hrefOf} {...props} />;
  return renderRoutes(
    [
      { path: '/', element },
      { path: '/shipment/:id', element: <p>Detail page</p> },
    ],
    '/',
  );
}

describe('WorldMap', () => {
  it('opens the shipments of a marker on click, linked through hrefOf, with "and N more"', async () => {
    const user = userEvent.setup();
    const { router } = renderMap();
    await user.click(screen.getByRole('button', { name: 'Shanghai: 12 shipments' }));

    const dialog = await screen.findByRole('dialog');
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['SHAU0', '/shipment/sha0'],
      ['SHAU1', '/shipment/sha1'],
    ]);
    expect(within(dialog).getByText('and 10 more')).toBeInTheDocument();

    await user.click(links[0]!);
    expect(router.state.location.pathname).toBe('/shipment/sha0');
  });

  it('opens a marker from the keyboard', async () => {
    const user = userEvent.setup();
    renderMap();
    const marker = screen.getByRole('button', { name: 'Rotterdam: 1 shipment' });
    marker.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'RTMU0' })).toHaveAttribute('href', '/shipment/rtm0');
    expect(within(dialog).queryByText(/more$/)).not.toBeInTheDocument();
    expect(marker).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard(' ');
    await waitFor(() => expect(marker).toHaveAttribute('aria-expanded', 'false'));
  });

  it('merges neighbouring ports into one marker at world scale and separates them zoomed in', async () => {
    const user = userEvent.setup();
    const { unmount } = renderMap({ positions: [singapore, portKlang] });
    const cluster = screen.getByRole('button', { name: 'Singapore and 1 more place: 5 shipments' });
    expect(cluster).toHaveTextContent('5');
    await user.click(cluster);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('link')).toHaveLength(5);
    unmount();

    renderMap({ positions: [singapore, portKlang], view: { center: [102.5, 2], zoom: 8 } });
    expect(screen.getByRole('button', { name: 'Singapore: 3 shipments' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Port Klang: 2 shipments' })).toBeInTheDocument();
  });

  it('says so when there is nothing to place', () => {
    renderMap({ positions: [], legs: [] });
    expect(screen.getByText('No shipments to place on the map yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /shipments?$/ })).not.toBeInTheDocument();
  });

  it('shows no empty state while loading', () => {
    renderMap({ positions: [], legs: [], loading: true });
    expect(screen.queryByText('No shipments to place on the map yet')).not.toBeInTheDocument();
  });

  it('reports the view once after the zoom buttons, and reset brings back the whole world', async () => {
    const user = userEvent.setup();
    const onViewChange = vi.fn();
    renderMap({ onViewChange });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    expect(zoomOut).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(onViewChange).toHaveBeenCalledTimes(1));
    expect(onViewChange).toHaveBeenLastCalledWith({ center: [0, 0], zoom: 4 });

    await user.click(screen.getByRole('button', { name: 'Reset view' }));
    await waitFor(() => expect(onViewChange).toHaveBeenCalledTimes(2));
    expect(onViewChange).toHaveBeenLastCalledWith({ center: [0, 0], zoom: 1 });
  });

  it('adopts a saved view and pans by dragging', async () => {
    const onViewChange = vi.fn();
    renderMap({ view: { center: [10, 20], zoom: 2 }, onViewChange });
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeEnabled();

    const frame = screen.getByRole('region', { name: 'Shipments map' });
    act(() => {
      fireEvent.pointerDown(frame, { pointerId: 1, button: 0, clientX: 400, clientY: 200 });
      fireEvent.pointerMove(frame, { pointerId: 1, clientX: 300, clientY: 200 });
      fireEvent.pointerUp(frame, { pointerId: 1, clientX: 300, clientY: 200 });
    });
    await waitFor(() => expect(onViewChange).toHaveBeenCalledTimes(1));
    const [reported] = onViewChange.mock.calls[0] as [{ center: [number, number]; zoom: number }];
    expect(reported.zoom).toBe(2);
    // Dragging the ground to the left brings places further east into view.
    expect(reported.center[0]).toBeGreaterThan(10);
  });

  it('toggles the routes layer', async () => {
    const user = userEvent.setup();
    const onLayersChange = vi.fn();
    const { container } = renderMap({ onLayersChange });
    const routes = screen.getByRole('checkbox', { name: 'Routes' });
    expect(routes).toBeChecked();
    expect(container.querySelectorAll('svg path[stroke-width]')).toHaveLength(1);

    await user.click(routes);
    expect(onLayersChange).toHaveBeenCalledWith(['positions']);
    expect(container.querySelectorAll('svg path[stroke-width]')).toHaveLength(0);
  });
});
