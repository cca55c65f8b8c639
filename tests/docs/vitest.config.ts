import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Runnable blocks start Node processes on a loaded machine: a ceiling, not a timing.
    testTimeout: 300_000,
  },
});
