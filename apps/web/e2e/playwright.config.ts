import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './support/ports.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One worker per core: the flows are sharded across the machine (2 on CI).
  workers: availableParallelism(),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  // The own accounts of the specs that change data, seeded before the workers start.
  globalSetup: './support/seed-accounts.ts',
  // Runs on another port (parallel local runs) keep their own artefacts.
  outputDir: process.env.E2E_PORT ? `../test-results-${process.env.E2E_PORT}` : '../test-results',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'es-ES',
    timezoneId: 'UTC',
    // Recording a trace for every test costs the browser about a third of its time; a retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The real API on a fresh embedded database, serving the production build, with a local SMTP server.
    command: 'npx tsx e2e/support/e2e-server.ts',
    cwd: '..',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    // Migrations, the demo seed with photos and the fakes: well under a minute on a quiet machine, more
    // beside other suites.
    timeout: 240_000,
    stdout: 'pipe',
  },
});
