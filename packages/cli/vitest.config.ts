import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Commands index whole catalogs and some tests run the built CLI in a child process; a
    // machine busy with other packages' tests can be slow to answer. A ceiling, not a timing check.
    testTimeout: 120_000,
  },
});
