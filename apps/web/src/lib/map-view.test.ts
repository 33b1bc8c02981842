import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  MAP_HEIGHT,
  MAP_WIDTH,
  normalizeView,
  panView,
  placeOnMap,
  zoomView,
} from './map-view';

describe('map view', () => {
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
