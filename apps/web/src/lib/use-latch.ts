import { useState } from 'react';

/**
 * False until `condition` is true on a render, then true for good: what an overlay uses to mount on
 * its first opening and stay mounted for its closing transition.
 */
export function useLatch(condition: boolean): boolean {
  const [latched, setLatched] = useState(condition);
  if (condition && !latched) setLatched(true);
  return latched;
}
