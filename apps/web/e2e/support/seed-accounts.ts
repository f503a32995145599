// Playwright global setup: seeds the own accounts of the specs in this run (support/accounts.ts) before
// any test starts. Seeding a copy of the demo empresas holds the embedded database for seconds; done in a
// spec's beforeAll it would stall the flows another worker runs at that moment.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { seedOwnAccounts } from './accounts.ts';

export default async function seedAccounts() {
  const e2e = path.resolve(import.meta.dirname, '..');
  // `playwright test reservations settings` runs only the matching files: seed only theirs.
  const testArg = process.argv.indexOf('test');
  const filters = process.argv
    .slice(testArg + 1)
    .filter(
      (arg, i, args) =>
        !arg.startsWith('-') &&
        !args[i - 1]?.match(/^(-c|--config|--project|-g|--grep|--reporter|-j|--workers|--output)$/),
    );
  for (const file of readdirSync(e2e).filter((name) => name.endsWith('.spec.ts'))) {
    if (filters.length > 0 && !filters.some((filter) => file.includes(path.basename(filter)))) continue;
    const spec = /accountsFor\(test, '([a-z0-9-]+)'\)/.exec(readFileSync(path.join(e2e, file), 'utf8'))?.[1];
    if (spec) await seedOwnAccounts(spec);
  }
}
