import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The test files of a worker share its process: a fresh process for each file spent most of
    // the tests' CPU loading the same modules again. No test relies on a fresh module state.
    isolate: false,
    // Packing 30-odd packages and two npm installs on a loaded 2-core machine: ceilings, not timings.
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
