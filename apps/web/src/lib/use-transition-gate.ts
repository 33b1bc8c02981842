import { startTransition, useEffect, useState } from 'react';

/**
 * `open`, except that opening re-renders in a transition. What a gate opens is a whole signed-in page
 * (the shell, the page, their first requests): rendered in a transition, React renders it in slices
 * the browser interleaves with input and paint, where an update from a store (the session check, a
 * query) would render it as one long task. Closing is immediate, and a gate that mounts
 * open is open at once: only the wait at the start of a visit goes through the transition.
 */
export function useTransitionGate(open: boolean): boolean {
  const [shown, setShown] = useState(open);
  // Closed: closed now, and the next opening goes through the transition again.
  if (!open && shown) setShown(false);
  useEffect(() => {
    if (open && !shown) startTransition(() => setShown(true));
  }, [open, shown]);
  return open && shown;
}
