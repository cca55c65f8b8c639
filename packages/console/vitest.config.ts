import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // A real browser and server on a shared, loaded machine: be generous.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One browser at a time: the test files each start their own.
    fileParallelism: false,
  },
});
