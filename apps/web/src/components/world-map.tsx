import { ActionIcon, Chip, Group, Skeleton, Text } from '@mantine/core';
import { IconFocusCentered, IconMinus, IconPlus } from '@tabler/icons-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import type { MapPath, MapPlaceKind } from '@tracklane/shared/tracking/shipment-map.schema';
import { clusterPoints } from '../lib/map-clusters';
import {
  DEFAULT_VIEW,
  MAP_HEIGHT,
  MAP_WIDTH,
  MAX_ZOOM,
  MIN_ZOOM,
  normalizeView,
  panView,
  placeOnMap,
  sameView,
  viewTransform,
  zoomView,
  type MapView,
} from '../lib/map-view';
import { legPath } from '../lib/world-geometry';
import { useElementWidth, useWorldShapes } from './world-map-hooks';
import { ClusterMarker, KIND_LABEL, type PlacedPosition } from './world-map-marker';
import classes from './world-map.module.css';

export interface MapItem {
  id: string;
  identifier: string;
}

export type MapPositionKind = MapPlaceKind;

/** One place on the map (liveMapVO.positions): `items` are the first few of its `count` shipments. */
export interface MapPosition<Item extends MapItem = MapItem> {
  key: string;
  kind: MapPositionKind;
  name: string;
  lat: number;
  lon: number;
  count: number;
  items: Item[];
}

/** A route: [longitude, latitude] points, drawn as great-circle segments (MapPath). */
export interface MapLeg {
  path: MapPath;
  count: number;
}

export type MapLayer = 'positions' | 'legs';
export const MAP_LAYERS: readonly MapLayer[] = ['positions', 'legs'];

export interface WorldMapProps<Item extends MapItem> {
  positions: MapPosition<Item>[];
  legs: MapLeg[];
  /** The detail page of one shipment. */
  hrefOf: (item: Item) => string;
  /** The saved view; adopted whenever it changes. */
  view?: MapView;
  /** The view after the user pans or zooms, once they pause. */
  onViewChange?: (view: MapView) => void;
  /** Shown layers; the map keeps its own when omitted. */
  layers?: string[];
  onLayersChange?: (layers: string[]) => void;
  loading?: boolean;
}

/** Places closer than this (screen pixels) share one marker. */
const CLUSTER_RADIUS_PX = 14;
const VIEW_REPORT_DELAY_MS = 400;
const DRAG_THRESHOLD_PX = 4;
const ZOOM_STEP = 2;
const LAYER_LABEL: Record<MapLayer, string> = { positions: 'Shipments', legs: 'Routes' };

/**
 * The live map: an offline SVG world (no tile server) with shipments clustered per place and their
 * routes (an ocean voyage along the sea lanes, as the server routes it). Pan by dragging, zoom by
 * wheel or buttons. The dashboard, the shipment detail page and the public share page all use it.
 */
export function WorldMap<Item extends MapItem>({
  positions,
  legs,
  hrefOf,
  view: savedView,
  onViewChange,
  layers: layersProp,
  onLayersChange,
  loading = false,
}: WorldMapProps<Item>) {
  const shapes = useWorldShapes();
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const width = useElementWidth(frame) || MAP_WIDTH;

  const [view, setView] = useState(() => normalizeView(savedView ?? DEFAULT_VIEW));
  // A saved view that arrives (or changes) after mounting replaces the current one.
  const savedKey = savedView ? JSON.stringify(savedView) : null;
  const [adoptedKey, setAdoptedKey] = useState(savedKey);
  if (savedKey !== adoptedKey) {
    setAdoptedKey(savedKey);
    if (savedView) setView(normalizeView(savedView));
  }

  const viewRef = useRef(view);
  useLayoutEffect(() => {
    viewRef.current = view;
  }, [view]);
  const reportRef = useRef(onViewChange);
  useLayoutEffect(() => {
    reportRef.current = onViewChange;
  }, [onViewChange]);
  const pendingReport = useRef<{ timer: ReturnType<typeof setTimeout>; view: MapView } | null>(null);
  useEffect(
    () => () => {
      // Leaving the page right after a zoom still saves it.
      const pending = pendingReport.current;
      if (pending) {
        clearTimeout(pending.timer);
        reportRef.current?.(pending.view);
      }
    },
    [],
  );

  /** Applies a user's pan or zoom; reports it once they pause. Returns whether anything changed. */
  const changeView = useCallback((update: (current: MapView) => MapView): boolean => {
    const next = update(viewRef.current);
    if (sameView(next, viewRef.current)) return false;
    viewRef.current = next;
    setView(next);
    if (pendingReport.current) clearTimeout(pendingReport.current.timer);
    pendingReport.current = {
      view: next,
      timer: setTimeout(() => {
        pendingReport.current = null;
        reportRef.current?.(next);
      }, VIEW_REPORT_DELAY_MS),
    };
    return true;
  }, []);

  const [ownLayers, setOwnLayers] = useState<string[]>([...MAP_LAYERS]);
  const layers = layersProp ?? ownLayers;
  const setLayers = (next: string[]) => {
    setOwnLayers(next);
    onLayersChange?.(next);
  };

  const [openKey, setOpenKey] = useState<string | null>(null);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling; at a limit the page scrolls.
  useEffect(() => {
    if (!frame) return;
    const onWheel = (event: WheelEvent) => {
      const rect = frame.getBoundingClientRect();
      if (rect.width === 0) return;
      const delta = event.deltaY * (event.deltaMode === 1 ? 40 : 1);
      const anchor: [number, number] = [
        ((event.clientX - rect.left) * MAP_WIDTH) / rect.width,
        ((event.clientY - rect.top) * MAP_HEIGHT) / rect.height,
      ];
      if (changeView((current) => zoomView(current, 2 ** (-delta * 0.002), anchor))) event.preventDefault();
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    return () => frame.removeEventListener('wheel', onWheel);
  }, [frame, changeView]);

  const drag = useRef<{
    pointerId: number;
    startX: number;
    startY: number;
    lastX: number;
    lastY: number;
    moved: boolean;
  } | null>(null);
  const suppressClick = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('[data-map-control]')) return;
    const { clientX: x, clientY: y, pointerId } = event;
    drag.current = { pointerId, startX: x, startY: y, lastX: x, lastY: y, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (!current.moved) {
      if (Math.hypot(event.clientX - current.startX, event.clientY - current.startY) < DRAG_THRESHOLD_PX)
        return;
      current.moved = true;
      // Captured only once it is a drag, so that a plain click still reaches the marker under it.
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    // An element not laid out yet (width 0) moves the map pixel for unit rather than by NaN.
    const scale = MAP_WIDTH / (event.currentTarget.getBoundingClientRect().width || MAP_WIDTH);
    const dx = (event.clientX - current.lastX) * scale;
    const dy = (event.clientY - current.lastY) * scale;
    current.lastX = event.clientX;
    current.lastY = event.clientY;
    changeView((view) => panView(view, dx, dy));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    suppressClick.current = drag.current.moved;
    drag.current = null;
  };
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    if (!suppressClick.current) return;
    suppressClick.current = false;
    event.stopPropagation();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === '+' || event.key === '=') changeView((current) => zoomView(current, ZOOM_STEP));
    else if (event.key === '-') changeView((current) => zoomView(current, 1 / ZOOM_STEP));
  };

  const pixelsPerUnit = width / MAP_WIDTH;
  const clusters = useMemo(() => {
    const placed: PlacedPosition<Item>[] = [];
    for (const position of positions) {
      const point = placeOnMap(view, position.lon, position.lat);
      if (!point) continue;
      const [x, y] = point;
      // Off-screen places would only cluster with each other at the frame's edge.
      if (
        x < -CLUSTER_RADIUS_PX ||
        x > MAP_WIDTH + CLUSTER_RADIUS_PX ||
        y < -CLUSTER_RADIUS_PX ||
        y > MAP_HEIGHT + CLUSTER_RADIUS_PX
      )
        continue;
      placed.push({ ...position, x: x * pixelsPerUnit, y: y * pixelsPerUnit });
    }
    return clusterPoints(placed, CLUSTER_RADIUS_PX);
  }, [positions, view, pixelsPerUnit]);

  const legPaths = useMemo(
    () =>
      legs.map((leg) => ({
        d: legPath(leg.path),
        width: Math.min(3, 0.75 + Math.log2(Math.max(1, leg.count)) / 3),
      })),
    [legs],
  );

  // The kinds on this map (every kind while it has none yet): a parcel map shows no vessels.
  const present = new Set(positions.map((position) => position.kind));
  const legendKinds = (Object.keys(KIND_LABEL) as MapPositionKind[]).filter(
    (kind) => present.size === 0 || present.has(kind),
  );
  const showLegs = layers.includes('legs');
  const showPositions = layers.includes('positions');
  const empty = !loading && positions.length === 0;

  return (
    <div className={classes.root}>
      <div
        ref={setFrame}
        className={classes.frame}
        data-zoomed={view.zoom > MIN_ZOOM || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={onClickCapture}
        onKeyDown={onKeyDown}
        role="region"
        aria-label="Shipments map"
      >
        <svg className={classes.svg} viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} aria-hidden="true">
          <g transform={viewTransform(view)}>
            {shapes && (
              <>
                <path className={classes.sphere} d={shapes.sphere} />
                <path className={classes.graticule} d={shapes.graticule} />
                <path className={classes.land} d={shapes.land} />
              </>
            )}
            {showLegs &&
              legPaths.map((leg, index) => (
                // Legs have no identity of their own: the index is stable for one answer.
                <path key={index} className={classes.leg} d={leg.d} strokeWidth={leg.width} />
              ))}
          </g>
        </svg>

        {showPositions &&
          clusters.map((cluster) => (
            <ClusterMarker
              key={cluster.key}
              cluster={cluster}
              left={(cluster.x / width) * 100}
              top={(cluster.y / width) * (MAP_WIDTH / MAP_HEIGHT) * 100}
              opened={openKey === cluster.key}
              onToggle={() => setOpenKey((key) => (key === cluster.key ? null : cluster.key))}
              onClose={() => setOpenKey(null)}
              hrefOf={hrefOf}
            />
          ))}

        {/* Nothing to look closer at on an empty map: the controls would only cover its message. */}
        {!empty && (
          <div className={classes.zoomControls} data-map-control>
            <ActionIcon.Group orientation="vertical">
              <ActionIcon
                variant="default"
                aria-label="Zoom in"
                disabled={view.zoom >= MAX_ZOOM}
                onClick={() => changeView((current) => zoomView(current, ZOOM_STEP))}
              >
                <IconPlus size={16} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label="Zoom out"
                disabled={view.zoom <= MIN_ZOOM}
                onClick={() => changeView((current) => zoomView(current, 1 / ZOOM_STEP))}
              >
                <IconMinus size={16} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label="Reset view"
                onClick={() => changeView(() => DEFAULT_VIEW)}
              >
                <IconFocusCentered size={16} />
              </ActionIcon>
            </ActionIcon.Group>
          </div>
        )}

        {loading && <Skeleton className={classes.overlay} radius={0} aria-label="Loading the map" />}
        {empty && (
          <div className={classes.overlay}>
            <Text className={classes.emptyText}>No shipments to place on the map yet</Text>
          </div>
        )}
      </div>

      <Group className={classes.footer} justify="space-between" gap="xs">
        <Chip.Group multiple value={layers} onChange={setLayers}>
          <Group gap={6}>
            {MAP_LAYERS.map((layer) => (
              <Chip key={layer} value={layer} size="xs" variant="outline">
                {LAYER_LABEL[layer]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group gap="sm" className={classes.legend}>
          {legendKinds.map((kind) => (
            <span key={kind} className={classes.legendItem}>
              <span className={classes.legendDot} data-kind={kind} />
              {KIND_LABEL[kind]}
            </span>
          ))}
        </Group>
      </Group>
    </div>
  );
}
