import { useEffect, useState } from 'react';

/** Once the browser has been idle after the first screen, later callers need not wait again. */
let passed = false;

/**
 * False until the browser next has nothing to do after this component mounted, then true for good; true
 * at once once that has happened for anyone. What a page's first screen does not need (the bell's
 * counts, the first-unread-share greeting, the live-update socket, usage tracking, the tutorial) waits
 * for it, each caller in its own idle callback: started together with the page, their requests and
 * re-renders were part of the page's first long task on a phone (issue #17).
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(passed);
  useEffect(() => {
    if (idle) return;
    const done = () => {
      passed = true;
      setIdle(true);
    };
    if (typeof requestIdleCallback === 'function') {
      // A page that never goes quiet still gets them.
      const id = requestIdleCallback(done, { timeout: 2_000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(done, 0);
    return () => clearTimeout(timer);
  }, [idle]);
  return idle;
}
