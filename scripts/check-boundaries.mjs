// Module boundaries that fail `npm run lint` and `npm test` (issues 12 and 28). The rules are data
// (scripts/boundaries.rules.mjs); the imports are read with the TypeScript parser and RESOLVED with the
// TypeScript compiler's module resolution (scripts/boundaries/project.mjs), so every import form counts
// (named, renamed, namespace, default, side-effect, `import type`, `export … from`, `import()`), and an
// import of a file that re-exports another unit's file counts as an import of that file. The rules
// themselves are in scripts/boundaries/check.mjs: internals, forbidden folders, what a light entry
// reaches, table imports, tables named in raw SQL, writes, module import cycles, file names, and stale
// exceptions (one that no longer happens fails too, so the lists only shrink).
// Exits 1 and prints each violation; `--json` prints them as JSON instead.
import module from 'node:module';
import path from 'node:path';

const started = performance.now();
// Node 22+ keeps the compiled TypeScript compiler on disk between runs (a third of a cold start).
module.enableCompileCache?.();
const { checkBoundaries } = await import('./boundaries/check.mjs');
const rules = await import('./boundaries.rules.mjs');
const root = path.resolve(import.meta.dirname, '..');
const result = checkBoundaries({ root, rules });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const { violations } = result;

if (process.argv.includes('--json')) console.log(JSON.stringify(violations, null, 2));
else {
  for (const v of violations) console.error(`✖ [${v.layer}/${v.rule}] ${v.message}`);
  const summary = `${result.checked} files checked, ${result.imports} imports: ${result.resolved} resolved, ${result.external} of outside packages; ${result.exceptions} exceptions; ${seconds} s`;
  if (violations.length === 0) console.log(`boundaries: ok (${summary})`);
  else console.error(`boundaries: ${violations.length} violation(s) (${summary})`);
}
process.exit(violations.length === 0 ? 0 : 1);
