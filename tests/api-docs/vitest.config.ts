import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // TypeDoc compiles each package on a loaded machine: ceilings, not timings.
    testTimeout: 300_000,
    hookTimeout: 900_000,
  },
});
