import { describe, expect, it } from 'vitest';

// Stores and hooks persist through window.localStorage and sessionStorage: on every supported Node they
// must be the page's (jsdom's) Storage, not a global Node defines (Node 25+ has an inert one).
describe('the test environment', () => {
  it.each(['localStorage', 'sessionStorage'] as const)('has a working %s', (name) => {
    const storage = window[name];
    expect(storage).toBeInstanceOf(window.Storage);
    storage.setItem('probe', '1');
    expect(storage.getItem('probe')).toBe('1');
    expect(globalThis[name]).toBe(storage);
    storage.removeItem('probe');
    expect(storage).toHaveLength(0);
  });
});
