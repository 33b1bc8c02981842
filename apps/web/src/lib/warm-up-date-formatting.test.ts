import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpDateFormatting } from './warm-up-date-formatting';

describe("the browser's date tables, loaded on a worker while the page starts (issue #17)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts the worker as a module, and ends it once it has built its formatter', () => {
    const started: { url: string; options: unknown; worker: EventTarget & { terminate: () => void } }[] = [];
    vi.stubGlobal(
      'Worker',
      class extends EventTarget {
        terminate = vi.fn();
        constructor(url: URL, options: unknown) {
          super();
          started.push({ url: String(url), options, worker: this });
        }
      },
    );
    warmUpDateFormatting();

    expect(started).toHaveLength(1);
    expect(started[0]?.url).toContain('/lib/date-formatting.worker');
    expect(started[0]?.options).toEqual({ type: 'module' });
    expect(started[0]?.worker.terminate).not.toHaveBeenCalled();
    started[0]?.worker.dispatchEvent(new Event('message'));
    expect(started[0]?.worker.terminate).toHaveBeenCalledOnce();
  });

  it('leaves the page alone where workers are refused', () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('Refused by the content security policy', 'SecurityError');
        }
      },
    );
    expect(() => warmUpDateFormatting()).not.toThrow();
  });
});
