import { useEffect, useState } from 'react';

export interface AnchorRect {
  top: number;
  left: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

const same = (a: AnchorRect | null, b: AnchorRect | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.top === b.top &&
    a.left === b.left &&
    a.width === b.width &&
    a.height === b.height);

function findVisible(selectors: readonly string[]): AnchorRect | null {
  for (const selector of selectors) {
    for (const element of Array.from(document.querySelectorAll(selector))) {
      const r = element.getBoundingClientRect();
      if (r.width > 0 && r.height > 0)
        return {
          top: r.top,
          left: r.left,
          right: r.right,
          bottom: r.bottom,
          width: r.width,
          height: r.height,
        };
    }
  }
  return null;
}

/**
 * Where the first visible element matching one of the selectors is on screen, kept up to date when
 * the page scrolls, resizes or re-renders (the anchor may appear after the data it belongs to).
 */
export function useAnchorRect(selectors: readonly string[] | null): AnchorRect | null {
  // Measured for which selectors: a rect of the previous step's anchor is never shown for the next.
  const [measured, setMeasured] = useState<{ key: string; rect: AnchorRect | null }>({ key: '', rect: null });
  const key = selectors?.join('|') ?? '';

  useEffect(() => {
    if (!key) return;
    const list = key.split('|');
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = findVisible(list);
        setMeasured((current) =>
          current.key === key && same(current.rect, next) ? current : { key, rect: next },
        );
      });
    };
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class', 'style'],
    });
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [key]);

  return key && measured.key === key ? measured.rect : null;
}
