/**
 * What a prerendered page's loader (src/prerender.tsx `loaderScript`) tells the app (issue #17). The
 * loader runs the page's chunks one by one, a task each, the entry among them; `pageChunksRan` lets the
 * entry wait for the ones after it before it imports the page, which would otherwise run whatever of the
 * page's module graph had not run yet in one long task.
 */

/** On <html>: `running` while the loader runs the page's chunks, `ran` once it has. */
export const PAGE_CHUNKS_ATTRIBUTE = 'data-page-chunks';
/** Dispatched on the document once the loader has run them all. */
export const PAGE_CHUNKS_EVENT = 'tracklane:page-chunks';

/** Resolves once the loader has run the page's chunks; at once without a loader, or once it has. */
export function pageChunksRan(): Promise<void> {
  if (document.documentElement.getAttribute(PAGE_CHUNKS_ATTRIBUTE) !== 'running') return Promise.resolve();
  return new Promise((resolve) => {
    document.addEventListener(PAGE_CHUNKS_EVENT, () => resolve(), { once: true });
  });
}
