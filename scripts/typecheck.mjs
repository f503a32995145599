// `npm run typecheck`: every TypeScript project (tsc --noEmit), as many at once as the machine has cores.
// tsc is single-threaded, so on the 2-core CI two projects side by side take half the time of one after another.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The largest first, so the small ones fill in beside them.
// The flows and the benches share one program (tsconfig.tools.json): each imports the API's sources.
const projects = ['apps/api', 'apps/web', 'tsconfig.tools.json', 'packages/contracts', 'packages/domain'];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '--noEmit', '-p', project], { cwd: root });
    const output = [];
    child.stdout.on('data', (c) => output.push(c));
    child.stderr.on('data', (c) => output.push(c));
    child.on('close', (status) => {
      if (status !== 0) process.stdout.write(`\n✖ tsc -p ${project}\n${Buffer.concat(output)}`);
      resolve(status === 0);
    });
  });
}

const queue = [...projects];
let ok = true;
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
  }),
);
process.exit(ok ? 0 : 1);
