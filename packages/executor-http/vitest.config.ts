import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The test files of a worker share its process: a fresh process for each file spent most of
    // the tests' CPU loading the same modules again. No test relies on a fresh module state.
    isolate: false,
    // Integration tests start local HTTP servers and import GitHub's large spec on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
