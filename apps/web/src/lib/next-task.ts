/**
 * Resolves in a task of its own, so that the browser can paint and answer input in between: start-up
 * work awaits it between its steps rather than running as one long task (issue #17: on a phone, each
 * task over 50 ms counts towards Total Blocking Time). A timer rather than a message: a page that
 * nobody sees is not made to wait on hidden-tab timer throttling, it simply goes on.
 */
export function nextTask(): Promise<void> {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
