import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps each data column of a table at least as wide as the widest cell it has shown, so that a column
 * does not narrow when its widest rows scroll out of the rendered window (useRowWindow) or a refresh
 * brings shorter values: the table never jumps sideways under the reader. After each render, the rows
 * not measured yet (`tr[data-row-index]`) have their cells' contents (`td[data-column]` > first
 * element) measured once (a row drawing only the columns in view, `data-partial`, once it draws them all), and the header cell of the same `data-column` gets a `min-width` when a
 * content is wider than what it had. Measured when the browser is next idle, from the layout it has
 * made by then, not forced inside React's commit nor in the frame that lays the rows out (on a phone
 * that made the rows' first layout one long task, issue #17). Where nothing is laid out (jsdom),
 * nothing is set.
 */
export function useColumnFloors(
  headRef: RefObject<HTMLElement | null>,
  bodyRef: RefObject<HTMLElement | null>,
) {
  const floors = useRef(new Map<string, number>());
  const measured = useRef(new WeakSet<Element>());

  const grow = () => {
    const head = headRef.current;
    const body = bodyRef.current;
    if (!head || !body) return;
    const grown = new Set<string>();
    let padding: number | null = null;
    // A row still drawing only the columns in view (useColumnsInView) is measured once it has them all.
    for (const row of body.querySelectorAll('tr[data-row-index]:not([data-partial])')) {
      if (measured.current.has(row)) continue;
      measured.current.add(row);
      for (const cell of row.querySelectorAll<HTMLElement>('td[data-column]')) {
        const content = cell.firstElementChild;
        const column = cell.dataset.column;
        if (!content || !column) continue;
        if (padding === null) {
          const style = getComputedStyle(cell);
          padding = (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
        }
        const contentWidth = content.getBoundingClientRect().width;
        if (contentWidth === 0) continue;
        const width = Math.ceil(contentWidth + padding);
        if (width > (floors.current.get(column) ?? 0)) {
          floors.current.set(column, width);
          grown.add(column);
        }
      }
    }
    if (grown.size === 0) return;
    for (const th of head.querySelectorAll<HTMLElement>('th[data-column]')) {
      const column = th.dataset.column;
      const floor = column ? floors.current.get(column) : undefined;
      if (!column || !floor || !grown.has(column)) continue;
      // The stylesheet's own minimum stays the least (read before the first floor replaces it).
      const least = th.style.minWidth ? 0 : parseFloat(getComputedStyle(th).minWidth) || 0;
      th.style.minWidth = `${String(Math.max(floor, least))}px`;
    }
  };

  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const frame = requestAnimationFrame(grow);
      return () => cancelAnimationFrame(frame);
    }
    // Soon, whatever else is going on: a column should not narrow under rows the reader has seen.
    const idle = requestIdleCallback(grow, { timeout: 500 });
    return () => cancelIdleCallback(idle);
  });
}
