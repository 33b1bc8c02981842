import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers';

export default defineConfig({
  test: {
    name: 'shared',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // A worker runs file after file without a fresh module graph for each: the shared code is pure
    // functions and constant tables, and no test here mocks a module or stubs a global.
    isolate: false,
    maxWorkers,
  },
});
