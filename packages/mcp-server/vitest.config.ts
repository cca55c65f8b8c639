import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The test files of a worker share its process: a fresh process for each file spent most of
    // the tests' CPU loading the same modules again. No test relies on a fresh module state.
    isolate: false,
    // Servers and clients talk over real sockets; a loaded machine can be slow to answer.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
