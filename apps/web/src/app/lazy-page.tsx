import { lazy, type ComponentType, type ReactNode, Suspense } from 'react';

/** A page loaded on first use: its own chunk, so the first page of a visit downloads only itself. */
export interface LazyPage<P extends object> {
  (props: P): ReactNode;
  /** Starts the download (idempotent); resolves once the page renders without suspending. */
  preload(): Promise<unknown>;
}

/**
 * Wraps a page's dynamic import. Until it has arrived the page suspends (the nearest Suspense shows a
 * skeleton of its size); once it has, it renders at once, even in a new tree.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        // A failed download (a new release replaced the chunks, the network blinked) can be tried again.
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Page = (props: P) => {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  };
  Page.preload = preload;
  return Page;
}

/** Renders `fallback`, of the page's final size, while a lazy page below is on its way. */
export function PageSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
