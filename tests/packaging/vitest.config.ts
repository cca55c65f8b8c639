import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Packing 30-odd packages and two npm installs on a loaded 2-core machine: ceilings, not timings.
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
