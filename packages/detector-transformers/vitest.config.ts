import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // CI runs every package's tests at once on a few cores: a ceiling, not a timing check.
    testTimeout: 60_000,
  },
});
