import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each project sets its own `maxWorkers` (vitest.workers.ts).
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
