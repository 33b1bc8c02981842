import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPage, PageSuspense } from './lazy-page';

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
