import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Integration tests spawn real MCP servers; a cold start on a slow machine takes seconds.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
