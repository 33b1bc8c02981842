import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers';

// Self-contained so that the root config can list `apps/web` as a project.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    // Node 25 and later define a global localStorage (inert without --localstorage-file) that Vitest
    // will not shadow with jsdom's: turn Node's Web Storage off so the page's storage is jsdom's on
    // every Node (22 and 24 accept the flag too, where it is off already).
    execArgv: ['--no-experimental-webstorage'],
    // A worker runs file after file without loading React and Mantine again for each: setup.ts empties
    // the DOM, storage, query cache, notifications and every zustand store (__mocks__/zustand.ts) after
    // each test, so nothing a test sets outlives it.
    isolate: false,
    maxWorkers,
    restoreMocks: true,
    unstubGlobals: true,
    // Whole pages render through the router with Mantine, and typing goes key by key: on a loaded
    // two-core CI machine one such test takes several seconds, past Vitest's 5 s default. This is a
    // budget for slow machines, not a retry: a test that waits for something that never comes still fails.
    testTimeout: 20_000,
  },
});
