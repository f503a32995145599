// Fails when the Drizzle schema (apps/api/src/db/schema) and the committed migrations disagree, that is
// when `drizzle-kit generate` would write a migration. It runs generate into a copy of the migrations
// folder, so the tree is never touched, and prints the SQL a missing migration would hold.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const api = path.resolve(import.meta.dirname, '..', 'apps', 'api');
const committed = path.join(api, 'src', 'db', 'migrations');
const copy = mkdtempSync(path.join(tmpdir(), 'posada-migrations-'));

/** Every file under dir (relative path → content). */
function files(dir, prefix = '') {
  const found = new Map();
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const name = path.join(prefix, entry.name);
    if (entry.isDirectory()) for (const [k, v] of files(dir, name)) found.set(k, v);
    else found.set(name, readFileSync(path.join(dir, name), 'utf8'));
  }
  return found;
}

/** drizzle-kit resolves --out against the working directory and answers 0 even when it fails. */
function drizzleKit(command, ...args) {
  const result = spawnSync(
    'npx',
    ['drizzle-kit', command, '--dialect', 'postgresql', '--out', path.relative(api, copy), ...args],
    // No terminal: a schema change that needs a rename answer must not wait for one.
    { cwd: api, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
  );
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

let failure = '';
try {
  cpSync(committed, copy, { recursive: true });
  const before = files(copy);
  const check = drizzleKit('check');
  if (!check.ok || /error/i.test(check.output)) failure = `drizzle-kit check failed:\n${check.output}`;
  else {
    const generate = drizzleKit('generate', '--schema', './src/db/schema');
    const after = files(copy);
    const changed = [...after].filter(([name, text]) => before.get(name) !== text).map(([name]) => name);
    if (!generate.ok || !/No schema changes/.test(generate.output) || changed.length > 0) {
      const sql = changed
        .filter((name) => name.endsWith('.sql'))
        .map((name) => `-- ${name}\n${after.get(name)}`);
      failure = [
        'The Drizzle schema and the committed migrations disagree: run `npm run db:generate -w @posada/api`',
        'and commit the migration it writes.',
        ...(sql.length ? sql : [generate.output.split('\n').slice(-15).join('\n')]),
      ].join('\n');
    }
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}

if (failure) {
  console.error(failure);
  process.exit(1);
}
console.log('Schema and migrations agree: drizzle-kit generate has nothing to write.');
