// Module boundaries that fail `npm run lint` (issue 12). The rules are data (scripts/boundaries.rules.mjs):
// each layer is a folder of units (API modules today, web features next) that may import each other only
// through their public files, and may not import the folders it forbids. For the API, the tables of
// db/schema each have one owning module: another module may not write them, and may read (import) them
// only where the rules grant it. An exception in the rules that no longer happens fails too, so the list
// only shrinks. Exits 1 and prints each violation; `--json` prints them as JSON instead.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { layers } from './boundaries.rules.mjs';

const root = path.resolve(import.meta.dirname, '..');
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mjs|js)$/.test(name)) out.push(full);
  }
  return out;
}

/** Each import of a file: what it names and where from (static imports, re-exports, import()). */
function importsOf(text) {
  const found = [];
  const statement = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/g;
  for (const m of text.matchAll(statement)) {
    const names = [...(m[2].match(/\{([^}]*)\}/)?.[1] ?? '').split(',')]
      .map((n) =>
        n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          .trim(),
      )
      .filter(Boolean);
    found.push({ source: m[3], names });
  }
  for (const m of text.matchAll(/(?:import\(|^\s*import\s+)'([^']+)'/gm))
    found.push({ source: m[1], names: [] });
  return found;
}

/** The tables of the schema files: export name → table name. */
function tablesIn(schemaDir) {
  const tables = new Map();
  for (const file of walk(schemaDir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
      tables.set(m[1], m[2]);
  }
  return tables;
}

const violations = [];
const usedExceptions = new Set();

function refuse(layer, file, rule, message, exceptionKey) {
  const exception = layer.exceptions?.find((e) => `${e.file}|${e.rule}|${e.what}` === exceptionKey);
  if (exception) {
    usedExceptions.add(exception);
    return;
  }
  violations.push({ layer: layer.name, file: rel(file), rule, message });
}

for (const layer of layers) {
  const unitsDir = path.join(root, layer.units);
  const units = readdirSync(unitsDir).filter(
    (n) => statSync(path.join(unitsDir, n)).isDirectory() && (!layer.only || layer.only.includes(n)),
  );
  const tables = layer.schema ? tablesIn(path.join(root, layer.schema)) : new Map();
  const ownerOf = new Map();
  for (const [owner, names] of Object.entries(layer.owners ?? {}))
    for (const n of names) ownerOf.set(n, owner);
  for (const name of tables.keys())
    if (!ownerOf.has(name))
      violations.push({
        layer: layer.name,
        file: layer.schema,
        rule: 'owner',
        message: `table ${tables.get(name)} (${name}) has no owning module in scripts/boundaries.rules.mjs`,
      });

  for (const unit of units) {
    for (const file of walk(path.join(unitsDir, unit))) {
      if (layer.ignore?.some((re) => re.test(rel(file)))) continue;
      const text = readFileSync(file, 'utf8');
      const short = rel(file);
      for (const { source, names } of importsOf(text)) {
        if (!source.startsWith('.')) continue;
        const target = rel(path.resolve(path.dirname(file), source));
        // Another unit's internals.
        const unitPrefix = `${layer.units}/`;
        if (target.startsWith(unitPrefix)) {
          const [other, ...rest] = target.slice(unitPrefix.length).split('/');
          const inner = rest.join('/');
          if (other !== unit && units.includes(other) && !layer.isPublic(other, inner))
            refuse(
              layer,
              file,
              'internals',
              `${short} imports ${target}: another ${layer.unitName} is reached only through ${layer.publicHint}`,
              `${short}|internals|${target}`,
            );
        }
        // Folders no unit may import.
        for (const forbidden of layer.forbid ?? [])
          if (target === forbidden || target.startsWith(`${forbidden}/`))
            refuse(
              layer,
              file,
              'forbidden',
              `${short} imports ${target}: ${layer.unitName}s do not import ${forbidden}/`,
              `${short}|forbidden|${target}`,
            );
        // Another module's tables (reads must be granted).
        if (layer.schema && target.startsWith(`${layer.schema}/`)) {
          for (const name of names) {
            const owner = ownerOf.get(name);
            if (!owner || owner === unit || layer.reads?.[unit]?.includes(name)) continue;
            refuse(
              layer,
              file,
              'tables',
              `${short} imports table ${name}, owned by ${owner}: call the ${owner} service, or grant the read in scripts/boundaries.rules.mjs`,
              `${short}|tables|${name}`,
            );
          }
        }
      }
      // Writes to a table another module owns.
      if (layer.schema) {
        for (const m of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
          const owner = ownerOf.get(m[2]);
          if (!owner || owner === unit) continue;
          refuse(
            layer,
            file,
            'writes',
            `${short} writes ${m[2]} (${m[1]}), owned by ${owner}: only the owning module writes a table`,
            `${short}|writes|${m[2]}`,
          );
        }
      }
    }
  }
  for (const e of layer.exceptions ?? [])
    if (!usedExceptions.has(e))
      violations.push({
        layer: layer.name,
        file: e.file,
        rule: 'stale-exception',
        message: `exception ${e.rule} ${e.what} no longer happens: remove it from scripts/boundaries.rules.mjs`,
      });
}

if (process.argv.includes('--json')) console.log(JSON.stringify(violations, null, 2));
else if (violations.length === 0) console.log('boundaries: ok');
else {
  for (const v of violations) console.error(`✖ [${v.layer}/${v.rule}] ${v.message}`);
  console.error(`boundaries: ${violations.length} violation(s)`);
}
process.exit(violations.length === 0 ? 0 : 1);
