// See warm-up-date-formatting.ts: builds the formatter the page builds first, then says it is done.
import { formatDateTime } from './dates';

formatDateTime(0, 'UTC');
// A worker's postMessage (the page's types are the window's, whose postMessage takes an origin).
(globalThis as unknown as { postMessage(message: string): void }).postMessage('ready');
