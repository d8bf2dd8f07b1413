import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file builds its own fresh database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
