import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The test files of a worker share its process: a fresh process for each file spent most of
    // the tests' CPU loading the same modules again. No test relies on a fresh module state.
    isolate: false,
    // Commands index whole catalogs and some tests run the built CLI in a child process; a
    // machine busy with other packages' tests can be slow to answer. A ceiling, not a timing check.
    testTimeout: 120_000,
  },
});
