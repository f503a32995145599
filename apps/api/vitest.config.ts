import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
    // Vitest keeps one core for itself (CPUs − 1 workers): on the 2-core CI that is a single worker. Each
    // test file has its own database, and the main process only collects results, so use every core.
    maxWorkers: availableParallelism(),
    // Every file imports the whole app (Fastify, Drizzle, Stripe's SDK…); reusing a worker's module cache
    // across files halves the suite. Each file still builds its own app on its own database.
    isolate: false,
  },
});
