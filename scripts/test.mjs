// The README's test command (ARCHITECTURE §5): format and lint, type check, the Drizzle schema against the
// committed migrations, unit and API integration tests on PGlite, the same integration tests on PostgreSQL
// when TEST_DATABASE_URL is set, then the Playwright flows against a production build. Ends with one
// "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'posada-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(title, command, args, { cwd = root, env = {} } = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC', ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failedSteps.push(title);
    console.log(`✖ ${title} failed (${seconds} s)`);
  } else {
    console.log(`✔ ${title} (${seconds} s)`);
  }
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + (stats.flaky ?? 0);
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function vitest(title, workspace, extraArgs = [], env = {}) {
  const out = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  run(
    title,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extraArgs],
    {
      cwd: path.join(root, workspace),
      env,
    },
  );
  countVitest(out);
}

run('format and lint (biome)', 'npx', ['biome', 'check', '.']);
run('module boundaries (scripts/boundaries.rules.mjs)', 'node', ['scripts/check-boundaries.mjs']);
run('type check', 'npm', ['run', 'typecheck', '--silent']);
run('schema and migrations agree (drizzle-kit generate)', 'node', ['scripts/check-migrations.mjs']);
vitest('domain unit tests', 'packages/domain');
vitest('contracts unit tests', 'packages/contracts');
vitest('web unit tests', 'apps/web');
vitest('api unit and integration tests (PGlite)', 'apps/api', [], { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('api integration tests (PostgreSQL)', 'apps/api', ['int.test'], { TEST_DB: 'postgres' });
} else {
  console.log('\n(TEST_DATABASE_URL not set: integration tests ran on PGlite only)');
}
if (run('build web', 'npm', ['run', 'build', '--silent'])) {
  const out = path.join(reports, 'playwright.json');
  run(
    'end-to-end flows (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    },
  );
  countPlaywright(out);
}

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
