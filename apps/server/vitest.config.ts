import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Each file has its own database; files run in parallel, tests inside a file in order.
    fileParallelism: true,
    // A worker runs file after file without loading the server's modules again for each: every file
    // builds its own app, database and job queue, so nothing it needs is left in a module by another.
    isolate: false,
    maxWorkers,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
