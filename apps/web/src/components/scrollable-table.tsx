import { Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import classes from './scrollable-table.module.css';

/** Says, above a table whose columns do not all fit, that it scrolls sideways. */
export function ScrollHint() {
  return (
    <Text size="xs" c="dimmed" className={classes.hint} data-testid="scroll-hint">
      <IconArrowsHorizontal size={14} aria-hidden />
      Scroll sideways to see every column
    </Text>
  );
}

/**
 * A data table too wide for a phone: the table alone scrolls sideways (never the page), and says so
 * above it while its columns do not all fit. The e2e layout check accepts sideways scrolling only
 * inside `data-scrollable-table` with its hint showing.
 */
export function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div className={classes.root} data-scrollable-table data-overflowing={overflowing || undefined}>
      {overflowing ? <ScrollHint /> : null}
      {/* Focusable so that a keyboard can scroll it too. */}
      <div
        ref={scroller}
        className={classes.scroller}
        role="region"
        aria-label={label}
        tabIndex={overflowing ? 0 : undefined}
      >
        {children}
      </div>
    </div>
  );
}
