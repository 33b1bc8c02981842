import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Whether the first screen is done is the page's, kept for good once it is: each test loads the
// component afresh, as a new page would, whatever ran before it in this worker.
let AfterFirstScreen: (props: { now?: boolean; children: ReactNode }) => ReactNode;
beforeEach(async () => {
  vi.resetModules();
  ({ AfterFirstScreen } = await import('./after-first-screen'));
});

/** A closed dialog that waits for the idle moment, and a menu opened (`menuOpened`) or not. */
const page = (menuOpened: boolean) => (
  <>
    <AfterFirstScreen>
      <p>Closed dialog</p>
    </AfterFirstScreen>
    <AfterFirstScreen now={menuOpened}>
      <p>Menu</p>
    </AfterFirstScreen>
  </>
);

describe('AfterFirstScreen', () => {
  it('renders nothing with the first screen, at once when asked, and everything once the browser is idle', async () => {
    const { rerender } = render(page(false));
    expect(screen.queryByText('Closed dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Menu')).not.toBeInTheDocument();

    // Opened before the moment comes: shown at once.
    rerender(page(true));
    expect(screen.getByText('Menu')).toBeInTheDocument();
    expect(screen.queryByText('Closed dialog')).not.toBeInTheDocument();

    // The browser has been idle: everything is mounted, and stays when the menu closes again.
    expect(await screen.findByText('Closed dialog')).toBeInTheDocument();
    rerender(page(false));
    expect(screen.getByText('Menu')).toBeInTheDocument();
  });
});
