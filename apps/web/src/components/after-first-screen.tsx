import { usePopoverContext } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIdle } from '../lib/use-idle';
import { useLatch } from '../lib/use-latch';

/**
 * Renders `children` once the page's first screen is done (`useIdle`), or at once when `now` is true,
 * and keeps them from then on. For what a page holds closed: a dialog, a drawer, a menu's or a
 * popover's dropdown. Mounted with the page, each closed one mounted its portal and transition and
 * rendered again at once (Mantine sets their state on mount): on a phone that was part of the first
 * screen's long tasks. Mounted a moment later, they still open with their transition; one
 * opened before that moment appears without it.
 */
export function AfterFirstScreen({ now = false, children }: { now?: boolean; children: ReactNode }) {
  const idle = useIdle();
  return useLatch(idle || now) ? children : null;
}

/** A popover's or menu's dropdown, mounted once the first screen is done or when the menu first opens. */
export function DropdownAfterFirstScreen({ children }: { children: ReactNode }) {
  const { opened } = usePopoverContext();
  return <AfterFirstScreen now={opened}>{children}</AfterFirstScreen>;
}
