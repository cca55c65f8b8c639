import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Servers and clients talk over real sockets; a loaded machine can be slow to answer.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
