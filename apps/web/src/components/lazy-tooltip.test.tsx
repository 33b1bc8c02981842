import { MantineProvider } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { LazyTooltip } from './lazy-tooltip';

function Archive({ onFocus }: { onFocus?: () => void }) {
  return (
    <>
      <button type="button">Before</button>
      <LazyTooltip label="Archive" openDelay={0}>
        <button type="button" aria-label="Archive: MSCU1234566" onFocus={onFocus}>
          A
        </button>
      </LazyTooltip>
    </>
  );
}

describe('LazyTooltip', () => {
  it('renders its target alone until it is pointed at, then shows the label on hover', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Archive />);
    const button = screen.getByRole('button', { name: 'Archive: MSCU1234566' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(button).not.toHaveAttribute('aria-describedby');

    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Archive');
    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    // Mounted now: the next hover is Mantine's own.
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Archive');
    expect(screen.getByRole('button', { name: 'Archive: MSCU1234566' })).toBe(button);
  });

  it('shows the label on keyboard focus, keeps focus on the same element, and hides on blur and Escape', async () => {
    const user = userEvent.setup();
    const onFocus = vi.fn();
    renderWithProviders(<Archive onFocus={onFocus} />);
    const button = screen.getByRole('button', { name: 'Archive: MSCU1234566' });

    await user.tab();
    await user.tab();
    expect(button).toHaveFocus();
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Archive');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    await user.tab({ shift: true });
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Archive');
    await user.tab({ shift: true });
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('renders on the server as its target alone and hydrates without a mismatch', async () => {
    const page = (
      <MantineProvider env="test">
        <Archive />
      </MantineProvider>
    );
    const plain = renderToString(
      <MantineProvider env="test">
        <button type="button">Before</button>
        <button type="button" aria-label="Archive: MSCU1234566">
          A
        </button>
      </MantineProvider>,
    );
    const html = renderToString(page);
    expect(html).toBe(plain);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, page, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.hover(screen.getByRole('button', { name: 'Archive: MSCU1234566' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Archive');
    act(() => root.unmount());
    container.remove();
  });

  it('mounts nothing while disabled', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <LazyTooltip label="MSCU1234566" openDelay={0} disabled>
        <span>MSCU1234566</span>
      </LazyTooltip>,
    );
    await user.hover(screen.getByText('MSCU1234566'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
