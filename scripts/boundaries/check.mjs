// The rules of scripts/boundaries.rules.mjs applied to the resolved import graph of scripts/boundaries/
// project.mjs. Rules: internals (another unit only through its public files), forbidden (folders a layer
// does not import; `allow` lists the files it may), reach (a light entry's imports do not lead into a
// forbidden folder through an allowed file), tables (a table object imported only by its owner or a
// granted reader), sql (the same for tables named in raw SQL), writes (only the owner writes, by Drizzle
// or by SQL), cycle (no import cycle between units), file-name, owner (every table has an owner) and
// stale-exception (an exception that no longer happens fails, so the lists only shrink).
import path from 'node:path';
import { importCycles } from './cycles.mjs';
import { loadProject } from './project.mjs';

/** Table names in raw SQL, in a reading or a writing position. */
const sqlTable =
  /\b(delete\s+from|insert\s+into|update|from|join)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const writing = /^(delete|insert|update)/i;

const under = (file, folder) => file === folder || file.startsWith(`${folder}/`);

/**
 * @param {{ root: string, rules: { folders: string[], skip: RegExp, layers: object[] },
 *   overlay?: Record<string, string | null> }} options
 * @returns {{ violations: Array<{ layer: string, file: string, rule: string, message: string }>,
 *   checked: number, imports: number, resolved: number, exceptions: number }}
 */
export function checkBoundaries({ root, rules, overlay }) {
  const project = loadProject({ root, folders: rules.folders, skip: rules.skip, overlay });
  const { files } = project;
  const violations = [];

  // Every unit of every layer, to tell when a re-export crosses from one unit into another.
  const unitOf = (file) => {
    for (const layer of rules.layers) {
      if (!file.startsWith(`${layer.units}/`)) continue;
      const [unit, ...rest] = file.slice(layer.units.length + 1).split('/');
      if (rest.length && (!layer.only || layer.only.includes(unit))) return `${layer.units}/${unit}`;
    }
    return null;
  };

  /**
   * A file's imports, each followed through re-exports (`export … from`) that cross into another unit:
   * importing `lib/x.ts` that re-exports a module's file imports that file too (`via` says through what).
   * A unit's own public file re-exporting its own files is not followed: that is how it publishes them.
   * Files outside every unit (db/schema/, wings/) are transparent.
   */
  const edgesOf = (info) => {
    const edges = [];
    const follow = (edge, seen) => {
      edges.push(edge);
      const target = edge.target && files.get(edge.target);
      if (!target || seen.has(edge.target) || (Array.isArray(edge.names) && edge.names.length === 0)) return;
      seen.add(edge.target);
      for (const r of target.reexports) {
        const home = unitOf(edge.target);
        if (!r.target || (home !== null && unitOf(r.target) === home)) continue;
        let names;
        if (r.star) names = edge.names;
        else {
          const taken = r.names.filter((n) => edge.names === '*' || edge.names.includes(n.exported));
          if (!taken.length) continue;
          names = taken.some((n) => n.imported === '*') ? '*' : taken.map((n) => n.imported);
        }
        follow({ ...edge, target: r.target, names, via: [...edge.via, edge.target] }, new Set(seen));
      }
    };
    for (const i of info.imports) follow({ ...i, via: [] }, new Set());
    return edges;
  };

  // The tables of each schema: export name → SQL name, file → export names, SQL name → export name.
  const schemas = new Map();
  const schemaOf = (tables) => {
    if (schemas.has(tables.schema)) return schemas.get(tables.schema);
    const byFile = new Map();
    const bySql = new Map();
    const ownerOf = new Map();
    for (const [owner, names] of Object.entries(tables.owners)) for (const n of names) ownerOf.set(n, owner);
    for (const info of files.values()) {
      if (!under(info.file, tables.schema)) continue;
      byFile.set(
        info.file,
        info.pgTables.map((t) => t.name),
      );
      for (const t of info.pgTables) {
        bySql.set(t.table, t.name);
        if (!ownerOf.has(t.name))
          violations.push({
            layer: 'schema',
            file: info.file,
            rule: 'owner',
            message: `table ${t.table} (${t.name}) has no owning module in scripts/boundaries.rules.mjs`,
          });
      }
    }
    const schema = { byFile, bySql, ownerOf };
    schemas.set(tables.schema, schema);
    return schema;
  };

  let exceptionCount = 0;
  const reached = new Map();
  let currentLayer = null;
  for (const layer of rules.layers) {
    currentLayer = layer;
    const used = new Set();
    const refuse = (file, rule, what, message) => {
      const exception = layer.exceptions?.find((e) => e.file === file && e.rule === rule && e.what === what);
      if (exception) used.add(exception);
      else violations.push({ layer: layer.name, file, rule, message });
    };
    const unitIn = (file) => {
      if (!file.startsWith(`${layer.units}/`)) return null;
      const [unit, ...rest] = file.slice(layer.units.length + 1).split('/');
      return rest.length && (!layer.only || layer.only.includes(unit)) ? unit : null;
    };
    const ignored = (file) => layer.ignore?.some((re) => re.test(file));
    const forbidden = (target) =>
      !layer.allow?.includes(target) && (layer.forbid ?? []).find((f) => under(target, f));
    const schema = layer.tables && schemaOf(layer.tables);
    const ownerName = (unit) => layer.tablesAs?.[unit] ?? unit;
    const granted = (unit, name) => {
      const owner = schema.ownerOf.get(name);
      return !owner || owner === ownerName(unit) || layer.tables.reads?.[ownerName(unit)]?.includes(name);
    };
    const graph = new Map();

    for (const file of project.names) {
      const unit = unitIn(file);
      if (unit === null) continue;
      if (layer.fileNames && !layer.fileNames.pattern.test(path.posix.basename(file)))
        refuse(
          file,
          'file-name',
          path.posix.basename(file),
          `${file}: ${layer.unitName} files are named ${layer.fileNames.hint}`,
        );
      const info = files.get(file);
      if (!info || ignored(file)) continue;

      for (const edge of edgesOf(info)) {
        const target = edge.target;
        if (!target) continue;
        const through = edge.via.length ? ` (through ${edge.via.join(' → ')})` : '';
        const other = unitIn(target);
        if (other !== null && other !== unit) {
          if (layer.cycles) (graph.get(unit) ?? graph.set(unit, new Map()).get(unit)).set(other, file);
          const inner = target.slice(layer.units.length + other.length + 2);
          if (!layer.isPublic(other, inner))
            refuse(
              file,
              'internals',
              target,
              `${file} imports ${target}${through}: another ${layer.unitName} is reached only through ${layer.publicHint}`,
            );
        }
        const banned = forbidden(target);
        if (banned)
          refuse(
            file,
            'forbidden',
            target,
            `${file} imports ${target}${through}: ${layer.unitName} files do not import ${banned}${layer.forbidHint ? ` (${layer.forbidHint})` : ''}`,
          );
        else if (layer.reach && other !== unit && !edge.typeOnly) {
          const path = reachForbidden(target, forbidden);
          if (path)
            refuse(
              file,
              'reach',
              path.at(-1),
              `${file} reaches ${path.at(-1)} through ${path.slice(0, -1).join(' → ')}: ${layer.unitName} files do not load ${forbidden(path.at(-1))}`,
            );
        }
        if (schema && under(target, layer.tables.schema)) {
          const names = edge.names === '*' ? (schema.byFile.get(target) ?? []) : edge.names;
          for (const name of names)
            if (!granted(unit, name))
              refuse(
                file,
                'tables',
                name,
                `${file} imports table ${name}${through}, owned by ${schema.ownerOf.get(name)}: call the ${schema.ownerOf.get(name)} service, or grant the read in scripts/boundaries.rules.mjs`,
              );
        }
      }

      if (!schema) continue;
      for (const write of info.writes) {
        const owner = schema.ownerOf.get(write.name);
        if (owner && owner !== ownerName(unit))
          refuse(
            file,
            'writes',
            write.name,
            `${file}:${write.line} writes ${write.name} (${write.op}), owned by ${owner}: only the owning module writes a table`,
          );
      }
      for (const { text, line } of info.sql)
        for (const m of text.matchAll(sqlTable)) {
          const name = schema.bySql.get(m[2]);
          const owner = name && schema.ownerOf.get(name);
          if (!owner || owner === ownerName(unit)) continue;
          const keyword = m[1].toLowerCase().replace(/\s+/, ' ');
          if (writing.test(keyword))
            refuse(
              file,
              'writes',
              name,
              `${file}:${line} writes ${m[2]} in raw SQL (${keyword}), owned by ${owner}: only the owning module writes a table`,
            );
          else if (!granted(unit, name))
            refuse(
              file,
              'sql',
              name,
              `${file}:${line} reads ${m[2]} in raw SQL (${keyword} ${m[2]}), owned by ${owner}: call the ${owner} service, or grant the read of ${name} in scripts/boundaries.rules.mjs`,
            );
        }
    }

    if (layer.cycles) {
      const allowed = (layer.exceptions ?? []).filter((e) => e.rule === 'cycle');
      const edges = allowed.map((e) => {
        const [from, to] = e.what.split(' -> ');
        return { from, to };
      });
      const plain = new Map([...graph].map(([unit, targets]) => [unit, new Set(targets.keys())]));
      const { cycles, closing } = importCycles(plain, edges);
      for (const i of closing) used.add(allowed[i]);
      for (const cycle of cycles) {
        const steps = cycle
          .slice(0, -1)
          .map((unit, i) => `${graph.get(unit).get(cycle[i + 1])} → ${cycle[i + 1]}`);
        violations.push({
          layer: layer.name,
          file: `${layer.units}/${cycle[0]}`,
          rule: 'cycle',
          message: `import cycle between ${layer.unitName}s ${cycle.join(' -> ')} (${steps.join('; ')}): break it with a port or an event, or list one edge as a cycle exception`,
        });
      }
    }

    for (const e of layer.exceptions ?? [])
      if (!used.has(e))
        violations.push({
          layer: layer.name,
          file: e.file,
          rule: 'stale-exception',
          message: `exception ${e.rule} ${e.what} of ${e.file} no longer happens: remove it from scripts/boundaries.rules.mjs`,
        });
    exceptionCount += layer.exceptions?.length ?? 0;
  }

  /** The first forbidden file the (non-type) imports of `start` lead to, as the path there. */
  function reachForbidden(start, isForbidden) {
    const key = `${start}|${rules.layers.indexOf(currentLayer)}`;
    if (!reached.has(key)) reached.set(key, searchForbidden(start, isForbidden));
    return reached.get(key);
  }
  function searchForbidden(start, isForbidden) {
    const previous = new Map([[start, null]]);
    const queue = [start];
    while (queue.length) {
      const file = queue.shift();
      if (isForbidden(file)) {
        const chain = [file];
        while (previous.get(chain[0])) chain.unshift(previous.get(chain[0]));
        return chain;
      }
      for (const i of files.get(file)?.imports ?? [])
        if (i.target && !i.typeOnly && !previous.has(i.target)) {
          previous.set(i.target, file);
          queue.push(i.target);
        }
    }
    return null;
  }

  // One report per place: a literal read twice (`sql.raw(`…`)`) or a table named twice on a line.
  const seen = new Set();
  const reported = violations.filter((v) => {
    const key = `${v.layer}|${v.file}|${v.rule}|${v.message}`;
    return !seen.has(key) && seen.add(key);
  });
  let imports = 0;
  for (const info of files.values()) imports += info.imports.length;
  return {
    violations: reported,
    checked: files.size,
    imports,
    resolved: project.resolved,
    external: project.external,
    exceptions: exceptionCount,
  };
}
