// See warm-up-date-formatting.ts: one formatter of the kind lib/dates.ts builds, then done.
new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
}).format(0);
// A worker's postMessage (the page's types are the window's, whose postMessage takes an origin).
(globalThis as unknown as { postMessage(message: string): void }).postMessage('ready');
