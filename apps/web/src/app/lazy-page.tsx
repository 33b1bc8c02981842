import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useLatch } from '../lib/use-latch';

/**
 * A part of a page loaded on first use (a dialog, a tab's panel, the frame): its own chunk, so a page
 * does not carry it into its first load. Screens are the router's lazy routes (router.tsx).
 */
export interface LazyPage<P extends object> {
  (props: P): ReactNode;
  /** Starts the download (idempotent); resolves once the part renders without suspending. */
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

/** A dialog's props: it is shown while `opened`. */
interface DialogProps {
  opened: boolean;
}

/**
 * Wraps a dialog's dynamic import. Nothing of the dialog is downloaded, evaluated or rendered until it
 * is first opened; from then on it stays mounted, so that it closes with its transition. The pages
 * that offer a dialog (share, invite, members, leave) do not carry its code into their first load.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazyPage(load);
  const LazyDialog = (props: P) => {
    if (!useLatch(props.opened)) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
  LazyDialog.preload = () => Dialog.preload();
  return LazyDialog;
}
