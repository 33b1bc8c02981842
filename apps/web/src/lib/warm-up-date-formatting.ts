/**
 * Loads the browser's date-formatting data on a worker thread, while the page starts. A browser builds
 * its first date formatter from ICU's locale and time-zone tables, which it loads then, once for every
 * thread of the page: 15–25 ms on a desktop CPU, spent on the main thread by whatever first checked or
 * formatted a date (a frame's script before the first paint, or a render; issue #17). Built on a
 * worker first, the page's own first formatter takes well under a millisecond. Where workers are not
 * allowed, the first date formatted loads the tables as before.
 */
export function warmUpDateFormatting(): void {
  if (typeof Worker !== 'function') return;
  try {
    const worker = new Worker(new URL('./date-formatting.worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.addEventListener('message', done);
    worker.addEventListener('error', done);
  } catch {
    // Nothing lost: the tables load on the main thread when first needed.
  }
}
