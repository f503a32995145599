// npm run bench: runs every bench/*.bench.ts in turn with the repository's tsx, then
// bench/results/latest.md holds the figures of each.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(benchDir);
const only = process.argv.slice(2);
const scripts = readdirSync(benchDir)
  .filter((file) => /\.bench\.(ts|mjs)$/.test(file))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

let failed = 0;
for (const script of scripts) {
  console.log(`\n▶ bench/${script}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, script)], {
    cwd: root,
    stdio: 'inherit',
    env: { TZ: 'UTC', ...process.env },
  });
  if (result.status !== 0) {
    failed++;
    console.error(`bench/${script} failed (exit ${result.status ?? result.signal})`);
  }
}
console.log(
  `\n${scripts.length - failed}/${scripts.length} benches done; figures in bench/results/latest.md`,
);
process.exit(failed > 0 ? 1 : 0);
