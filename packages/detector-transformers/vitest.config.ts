import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The test files of a worker share its process: a fresh process for each file spent most of
    // the tests' CPU loading the same modules again. No test relies on a fresh module state.
    isolate: false,
    // CI runs every package's tests at once on a few cores: a ceiling, not a timing check.
    testTimeout: 60_000,
  },
});
