import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterFirstScreen } from './after-first-screen';

describe('AfterFirstScreen (issue #17)', () => {
  it('renders nothing with the first screen, at once when asked, and everything once the browser is idle', async () => {
    const { rerender } = render(
      <>
        <AfterFirstScreen>
          <p>Closed dialog</p>
        </AfterFirstScreen>
        <AfterFirstScreen now={false}>
          <p>Menu</p>
        </AfterFirstScreen>
      </>,
    );
    expect(screen.queryByText('Closed dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Menu')).not.toBeInTheDocument();

    // Opened before the moment comes: shown at once.
    rerender(
      <>
        <AfterFirstScreen>
          <p>Closed dialog</p>
        </AfterFirstScreen>
        <AfterFirstScreen now>
          <p>Menu</p>
        </AfterFirstScreen>
      </>,
    );
    expect(screen.getByText('Menu')).toBeInTheDocument();
    expect(screen.queryByText('Closed dialog')).not.toBeInTheDocument();

    // The browser has been idle: everything is mounted, and stays when `now` turns false again.
    expect(await screen.findByText('Closed dialog')).toBeInTheDocument();
    rerender(
      <>
        <AfterFirstScreen>
          <p>Closed dialog</p>
        </AfterFirstScreen>
        <AfterFirstScreen now={false}>
          <p>Menu</p>
        </AfterFirstScreen>
      </>,
    );
    expect(screen.getByText('Menu')).toBeInTheDocument();
  });
});
