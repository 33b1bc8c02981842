import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_WAIT_MS, loaderScript, PRELOADS_PER_TASK } from './prerender';
import { PAGE_CHUNKS_ATTRIBUTE, pageChunksRan } from './lib/page-chunks';
import { setUpPrerenderHydration } from './test/prerender-hydration';

setUpPrerenderHydration();

describe("a prerendered page's loader: its JavaScript after its first paint (issue #17)", () => {
  type PaintCallback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;
  let paint: PaintCallback | undefined;
  let observed: unknown;
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'resource'];
    constructor(callback: PaintCallback) {
      paint = callback;
    }
    observe(options: unknown) {
      observed = options;
    }
  }
  const styles = ['/assets/page-a.css', '/assets/table-b.css'];
  const scripts = [
    '/assets/react-a.js',
    '/assets/index-b.js',
    ...Array.from({ length: PRELOADS_PER_TASK }, (_, i) => `/assets/chunk-${String(i)}.js`),
  ];
  // The entry's two files, the page's stylesheets, the page's chunks.
  const links = [...scripts.slice(0, 2), ...styles, ...scripts.slice(2)];
  const firstPaint = (name: string) =>
    paint?.({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });

  /** Runs the loader as the page's inline script does, against this document and `win`. */
  function runLoader(win: Partial<typeof window>, visibility: DocumentVisibilityState = 'visible') {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
    const script = loaderScript(scripts, links);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the HTML's inline script, as the browser runs it
    new Function('window', script)({ setTimeout: window.setTimeout.bind(window), ...win });
  }
  const withObserver = { PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver };
  /** The module scripts the loader added to <head>, in order. */
  const ran = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')];
  /** What it links (stylesheets) and preloads (chunks), in order. */
  const linked = () => [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
  const stylesheets = () =>
    [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'));
  const started = () => ran().length > 0 || linked().length > 0;

  beforeEach(() => {
    paint = undefined;
    observed = undefined;
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.head.innerHTML = '';
    document.documentElement.removeAttribute(PAGE_CHUNKS_ATTRIBUTE);
  });

  it('resolves at once without a loader', async () => {
    await expect(pageChunksRan()).resolves.toBeUndefined();
  });

  it('requests nothing before the first contentful paint; then links and preloads a few a task, in order, and runs the scripts one after the other', async () => {
    runLoader(withObserver);
    expect(observed).toEqual({ type: 'paint', buffered: true });
    firstPaint('first-paint');
    expect(started()).toBe(false);

    firstPaint('first-contentful-paint');
    const requested = links;
    expect(linked().slice(0, PRELOADS_PER_TASK)).toEqual(requested.slice(0, PRELOADS_PER_TASK));
    expect(linked()).toHaveLength(PRELOADS_PER_TASK);
    // The rest a task each batch.
    for (let batch = 2; batch * PRELOADS_PER_TASK < requested.length + PRELOADS_PER_TASK; batch++) {
      vi.advanceTimersToNextTimer();
      expect(linked()).toEqual(requested.slice(0, batch * PRELOADS_PER_TASK));
    }
    expect(linked()).toEqual(requested);
    expect(stylesheets()).toEqual(styles);
    expect(ran().map((script) => script.getAttribute('src'))).toEqual([scripts[0]]);
    expect(ran()[0]).toHaveAttribute('crossorigin', '');
    // Each next script once the one before it has run (or failed: the entry then tells); the app
    // waits for the last one and for the stylesheets.
    expect(document.documentElement).toHaveAttribute(PAGE_CHUNKS_ATTRIBUTE, 'running');
    let waited = false;
    void pageChunksRan().then(() => (waited = true));
    for (const [i, script] of scripts.entries()) {
      expect(ran()).toHaveLength(i + 1);
      expect(ran()[i]).toHaveAttribute('src', script);
      ran()[i]?.dispatchEvent(new Event(i === 1 ? 'error' : 'load'));
    }
    const sheets = [...document.head.querySelectorAll('link[rel="stylesheet"]')];
    sheets[0]?.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(document.documentElement).toHaveAttribute(PAGE_CHUNKS_ATTRIBUTE, 'running');
    expect(waited).toBe(false);
    sheets[1]?.dispatchEvent(new Event('error'));
    expect(document.documentElement).toHaveAttribute(PAGE_CHUNKS_ATTRIBUTE, 'ran');
    await Promise.resolve();
    expect(waited).toBe(true);
    await expect(pageChunksRan()).resolves.toBeUndefined();

    // Later reports, the fallback timer and a hidden tab start nothing twice.
    firstPaint('first-contentful-paint');
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(linked()).toEqual(requested);
    expect(ran()).toHaveLength(scripts.length);
  });

  it(`starts after ${String(FIRST_PAINT_WAIT_MS)} ms when no paint is reported`, () => {
    runLoader(withObserver);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(started()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(ran()).toHaveLength(1);
  });

  it('starts when the tab is hidden before it painted', () => {
    runLoader(withObserver);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(ran()).toHaveLength(1);
  });

  it('starts at once in a hidden tab (no paint comes) or a browser without paint timing', () => {
    runLoader(withObserver, 'hidden');
    expect(ran()).toHaveLength(1);
    document.head.innerHTML = '';
    runLoader({ PerformanceObserver: undefined });
    expect(ran()).toHaveLength(1);
    document.head.innerHTML = '';
    class NoPaint extends FakeObserver {
      static override supportedEntryTypes = ['resource'];
    }
    runLoader({ PerformanceObserver: NoPaint as unknown as typeof PerformanceObserver });
    expect(ran()).toHaveLength(1);
    expect(paint).toBeUndefined();
  });
});
