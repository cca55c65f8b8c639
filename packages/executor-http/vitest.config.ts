import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Integration tests start local HTTP servers and import GitHub's large spec on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
