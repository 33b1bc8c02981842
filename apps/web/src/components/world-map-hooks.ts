import { useEffect, useState } from 'react';
import { loadWorldShapes, type WorldShapes } from '../lib/world-geometry';

/** The world's outlines, once loaded (null until then, and if they fail to load). */
export function useWorldShapes(): WorldShapes | null {
  const [shapes, setShapes] = useState<WorldShapes | null>(null);
  useEffect(() => {
    let live = true;
    // Without outlines the markers still stand on the ocean-coloured sphere: no error worth a banner.
    loadWorldShapes().then(
      (loaded) => live && setShapes(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return shapes;
}

/** The element's width as it resizes. */
export function useElementWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
