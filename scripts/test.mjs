// The README's test command (ARCHITECTURE §5): format and lint, type check, the Drizzle schema against the
// committed migrations, unit and API integration tests on PGlite, the same integration tests on PostgreSQL
// when TEST_DATABASE_URL is set, then the Playwright flows against a production build. Ends with one
// "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const begun = Date.now();
const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'posada-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Each step's title and seconds, printed at the end (issue 28: the time of each step). */
const timings = [];

function run(title, command, args, { cwd = root, env = {} } = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC', ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push([title, seconds]);
  if (result.status !== 0) {
    failedSteps.push(title);
    console.log(`✖ ${title} failed (${seconds} s)`);
  } else {
    console.log(`✔ ${title} (${seconds} s)`);
  }
  return result.status === 0;
}

/**
 * Like run, but without waiting: the output is kept and printed whole when the step ends, so two steps
 * running side by side (the two database suites, the web build) do not interleave their logs.
 */
function runAside(title, command, args, { cwd = root, env = {} } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, TZ: 'UTC', ...env } });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      timings.push([title, seconds]);
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(chunks));
      if (status !== 0) {
        failedSteps.push(title);
        console.log(`✖ ${title} failed (${seconds} s)`);
      } else {
        console.log(`✔ ${title} (${seconds} s)`);
      }
      resolve(status === 0);
    });
  });
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

const vitestArgs = (out, extraArgs) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
  ...extraArgs,
];
const reportOf = (title) => path.join(reports, `${title.replace(/\W+/g, '-')}.json`);

async function vitestAside(title, workspace, extraArgs = [], env = {}) {
  const out = reportOf(title);
  await runAside(title, 'npx', vitestArgs(out, extraArgs), { cwd: path.join(root, workspace), env });
  countVitest(out);
}

run('format and lint (biome)', 'npx', ['biome', 'check', '.']);
run('module boundaries (scripts/boundaries.rules.mjs)', 'node', ['scripts/check-boundaries.mjs']);
run('file size (scripts/check-file-size.mjs)', 'node', ['scripts/check-file-size.mjs']);
run('duplicated code (scripts/check-duplicates.mjs)', 'node', ['scripts/check-duplicates.mjs']);
run('every event and handler in docs/events.md', 'node', ['scripts/check-events-doc.mjs']);
run("the checks' own tests (node --test scripts)", 'node', [
  '--test',
  ...readdirSync(path.join(root, 'scripts'))
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => path.join('scripts', f)),
]);
run('schema and migrations agree (drizzle-kit generate)', 'node', ['scripts/check-migrations.mjs']);
// The type check (one core: tsc is single-threaded) runs beside the unit and component tests.
await Promise.all([
  runAside('type check', 'npm', ['run', 'typecheck', '--silent']),
  (async () => {
    await vitestAside('domain unit tests', 'packages/domain');
    await vitestAside('contracts unit tests', 'packages/contracts');
    await vitestAside('web unit and component tests (jsdom + MSW)', 'apps/web');
  })(),
]);
// The API suites on both databases and the web build run side by side: the PostgreSQL suite spends much
// of its time waiting on the server, so on two cores this saves minutes of the CI run.
const [, , built] = await Promise.all([
  vitestAside('api unit and integration tests (PGlite)', 'apps/api', [], { TEST_DB: 'pglite' }),
  process.env.TEST_DATABASE_URL
    ? vitestAside('api integration tests (PostgreSQL)', 'apps/api', ['int.test'], { TEST_DB: 'postgres' })
    : Promise.resolve(console.log('\n(TEST_DATABASE_URL not set: integration tests ran on PGlite only)')),
  runAside('build web', 'npm', ['run', 'build', '--silent']),
]);
/**
 * The browser flows' time budget (issue 28): Playwright is the longest step; a new slow flow fails CI here
 * instead of slowly pushing the whole run over its limit. Move what a page does on its own to the component
 * tier (apps/web/src/**\/*.test.tsx) rather than raising it.
 */
const E2E_BUDGET_SECONDS = 1800;

if (built) {
  const out = path.join(reports, 'playwright.json');
  const started = Date.now();
  run(
    'end-to-end flows (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    },
  );
  countPlaywright(out);
  const seconds = (Date.now() - started) / 1000;
  const verdict = `${seconds.toFixed(0)} s of a ${E2E_BUDGET_SECONDS} s budget (${((100 * seconds) / E2E_BUDGET_SECONDS).toFixed(0)} %)`;
  if (seconds > E2E_BUDGET_SECONDS) {
    failedSteps.push('end-to-end time budget');
    console.log(`✖ end-to-end flows took ${verdict}`);
  } else console.log(`✔ end-to-end flows took ${verdict}`);
}

console.log(
  '\nTime per step (seconds; the type check ran beside the unit tests, the API suites beside the build):',
);
for (const [title, seconds] of timings) console.log(`  ${seconds.padStart(7)}  ${title}`);
console.log(`  ${((Date.now() - begun) / 1000).toFixed(1).padStart(7)}  in all`);
console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
