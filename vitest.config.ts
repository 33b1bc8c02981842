import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // One worker per core. (Vitest's default leaves one core free, which on a two-core machine runs
    // every file one after another while the other core idles between database round trips.)
    maxWorkers: '100%',
  },
});
