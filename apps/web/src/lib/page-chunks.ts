/**
 * What a prerendered page's loader (src/prerender.tsx `loaderScript`, ADR 0025) tells the app. The
 * loader runs the page's chunks one by one, a task each, the entry among them, and links the page's
 * stylesheets; `pageChunksRan` lets the entry wait for the chunks after it and the stylesheets before it
 * imports the page, which would otherwise run whatever of the page's module graph had not run yet in
 * one long task, and render before its stylesheets are here.
 */

/** On <html>: `running` while the loader loads and runs the page's files, `ran` once it has. */
export const PAGE_CHUNKS_ATTRIBUTE = 'data-page-chunks';
/** Dispatched on the document once the loader has run them all. */
export const PAGE_CHUNKS_EVENT = 'tracklane:page-chunks';

/** Resolves once the loader has run the page's chunks and loaded its stylesheets; at once without a loader. */
export function pageChunksRan(): Promise<void> {
  if (document.documentElement.getAttribute(PAGE_CHUNKS_ATTRIBUTE) !== 'running') return Promise.resolve();
  return new Promise((resolve) => {
    document.addEventListener(PAGE_CHUNKS_EVENT, () => resolve(), { once: true });
  });
}
