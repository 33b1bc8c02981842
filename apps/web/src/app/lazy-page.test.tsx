import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyDialog, lazyPage, PageSuspense } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazy pages', () => {
  it('show the fallback until their code arrives, then the page', async () => {
    let arrive: (c: typeof Greeting) => void = () => undefined;
    const Page = lazyPage(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    render(
      <PageSuspense fallback={<p>Loading…</p>}>
        <Page name="Ada" />
      </PageSuspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    arrive(Greeting);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('render at once once preloaded, without a fallback', async () => {
    const Page = lazyPage(() => Promise.resolve(Greeting));
    await Page.preload();
    render(
      <PageSuspense fallback={<p>Loading…</p>}>
        <Page name="Grace" />
      </PageSuspense>,
    );
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('try the download again after it failed', async () => {
    let attempts = 0;
    const Page = lazyPage(() =>
      ++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Greeting),
    );
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(attempts).toBe(2);
  });
});

function Note({ opened, text }: { opened: boolean; text: string }) {
  return <p>{opened ? `Open: ${text}` : `Closed: ${text}`}</p>;
}

describe('lazy dialogs', () => {
  it('download nothing until first opened, then render and stay mounted when closed', async () => {
    let downloads = 0;
    const Dialog = lazyDialog(() => {
      downloads += 1;
      return Promise.resolve(Note);
    });
    const { rerender } = render(<Dialog opened={false} text="share" />);
    expect(downloads).toBe(0);
    expect(screen.queryByText(/share/)).not.toBeInTheDocument();

    rerender(<Dialog opened text="share" />);
    expect(await screen.findByText('Open: share')).toBeInTheDocument();
    expect(downloads).toBe(1);

    // Still mounted once closed: the dialog plays its closing transition.
    rerender(<Dialog opened={false} text="share" />);
    expect(screen.getByText('Closed: share')).toBeInTheDocument();
    expect(downloads).toBe(1);
  });
});
