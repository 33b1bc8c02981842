import { useEffect, useState } from 'react';

/** Once the browser has been idle after the first screen, later callers need not wait. */
let passed = false;
/** Callers still waiting, released one per idle callback. */
const waiting: (() => void)[] = [];
let scheduled = false;

function releaseNext() {
  scheduled = false;
  passed = true;
  waiting.shift()?.();
  schedule();
}

function schedule() {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  if (typeof requestIdleCallback === 'function') {
    // A page that never goes quiet still gets them.
    requestIdleCallback(releaseNext, { timeout: 2_000 });
  } else {
    setTimeout(releaseNext, 0);
  }
}

/**
 * False until the browser has had a moment with nothing to do after this component mounted, then true
 * for good; true at once once that has happened for anyone. What a page's first screen does not need
 * (the bell's counts, the first-unread-share greeting, the filters' choices, the live-update socket,
 * usage tracking, the tutorial) waits for it. Started together with the page, their requests and
 * re-renders were part of its first long task on a phone; callers are released one per idle
 * callback, so that they do not make one long task of their own either.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(passed);
  useEffect(() => {
    if (idle) return;
    const release = () => setIdle(true);
    waiting.push(release);
    schedule();
    return () => {
      const at = waiting.indexOf(release);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, [idle]);
  return idle;
}
