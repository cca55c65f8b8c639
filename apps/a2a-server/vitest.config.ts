import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Servers and clients talk over real sockets; a machine at a load of 10 can be slow to answer.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
