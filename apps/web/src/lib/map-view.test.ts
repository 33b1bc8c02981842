import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  fitView,
  MAP_HEIGHT,
  MAP_WIDTH,
  normalizeView,
  panView,
  placeOnMap,
  zoomView,
} from './map-view';

describe('map view', () => {
  it('fits one shipment: its whole route in view, closer than the world', () => {
    const route: [number, number][] = [
      [121.85, 29.93], // Ningbo
      [103.72, 1.27], // Singapore
      [43.4, 12.6], // Bab-el-Mandeb
      [9.93, 53.53], // Hamburg
    ];
    const view = fitView(route);
    expect(view.zoom).toBeGreaterThan(1.5);
    for (const [lon, lat] of route) {
      const [x, y] = placeOnMap(view, lon, lat)!;
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(MAP_WIDTH);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(MAP_HEIGHT);
    }
    // A single port keeps the sea around it in view; nothing to show is the whole world.
    expect(fitView([[4.05, 51.95]]).zoom).toBe(4);
    expect(fitView([])).toEqual(DEFAULT_VIEW);
  });

  it('zooms in steps within 1–8', () => {
    let view = DEFAULT_VIEW;
    for (let step = 0; step < 5; step += 1) view = zoomView(view, 2);
    expect(view.zoom).toBe(8);
    expect(zoomView(DEFAULT_VIEW, 0.5)).toEqual(DEFAULT_VIEW);
  });

  it('keeps the place under the wheel where it was', () => {
    const anchor: [number, number] = [700, 150];
    const before = placeOnMap(DEFAULT_VIEW, 121.47, 31.23);
    const zoomed = zoomView(DEFAULT_VIEW, 2, anchor);
    const after = placeOnMap(zoomed, 121.47, 31.23);
    // Shanghai moves away from the anchor by the zoom factor.
    expect(after?.[0]).toBeCloseTo(anchor[0] + ((before?.[0] ?? 0) - anchor[0]) * 2, 0);
    expect(after?.[1]).toBeCloseTo(anchor[1] + ((before?.[1] ?? 0) - anchor[1]) * 2, 0);
  });

  it('cannot pan the unzoomed world out of its frame, but can once zoomed', () => {
    expect(panView(DEFAULT_VIEW, 100, 50)).toEqual(DEFAULT_VIEW);
    const zoomed = zoomView(DEFAULT_VIEW, 2);
    const panned = panView(zoomed, -100, 0);
    expect(panned.center[0]).toBeGreaterThan(0);
    expect(panned.zoom).toBe(2);
  });

  it('brings a saved view into range', () => {
    expect(normalizeView({ center: [10, 20], zoom: 20 }).zoom).toBe(8);
    expect(normalizeView({ center: [170, 80], zoom: 0.5 })).toEqual(DEFAULT_VIEW);
  });

  it('places the centre of the view in the middle of the map', () => {
    const view = normalizeView({ center: [103.8, 1.3], zoom: 4 });
    const [x, y] = placeOnMap(view, 103.8, 1.3) ?? [0, 0];
    expect(x).toBeCloseTo(MAP_WIDTH / 2, 0);
    expect(y).toBeCloseTo(MAP_HEIGHT / 2, 0);
  });
});
