import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Integration tests spawn real servers: ceilings for a machine at a load of 10, not waits.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
