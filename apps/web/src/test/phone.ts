import { vi } from 'vitest';

/**
 * The browser as a phone sees it: every `max-width` media query matches (the list's cards, the shell's
 * drawer), until the returned function puts the test setup's answer (nothing matches) back.
 */
export function onAPhone(): () => void {
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;
  window.matchMedia = vi.fn((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
  return () => {
    Object.defineProperty(window, 'matchMedia', original);
  };
}

/** The text of one part of a shipment card (`data-card-part`), or null when the card has none. */
export const cardPart = (card: HTMLElement, part: string): string | null =>
  card.querySelector(`[data-card-part="${part}"]`)?.textContent ?? null;
