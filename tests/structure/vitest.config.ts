import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Both checks parse every package with the TypeScript compiler on a loaded machine: a
    // ceiling, not a timing.
    testTimeout: 600_000,
  },
});
