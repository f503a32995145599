// The source files of the checked folders and their imports RESOLVED by the TypeScript compiler
// (`ts.resolveModuleName` with each workspace's tsconfig options: Bundler resolution, `.ts` extensions,
// the workspace packages through node_modules to their real files). `overlay` plants, replaces or removes
// files without touching the disk (the tests use it). Parses are cached by content within a process.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parseSource } from './parse.mjs';

const sourceFile = /\.(ts|tsx|mts|mjs|js)$/;
const parsed = new Map();
const resolutions = new Map();

/**
 * @param {{ root: string, folders: string[], skip?: RegExp, overlay?: Record<string, string | null> }} options
 *   folders: repo-relative folders to check; skip: files listed (names are checked) but not read (tests);
 *   overlay: repo-relative path → text (null removes the file).
 * @returns {{ names: string[], files: Map<string, object>, resolved: number, external: number }}
 */
export function loadProject({ root, folders, skip, overlay = {} }) {
  const rel = (abs) => path.relative(root, abs).split(path.sep).join('/');
  const abs = (file) => path.join(root, file);
  const planted = (file) => Object.hasOwn(overlay, file);

  const files = new Set();
  const walk = (dir) => {
    if (!existsSync(abs(dir))) return;
    for (const entry of readdirSync(abs(dir), { withFileTypes: true })) {
      const { name } = entry;
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const file = `${dir}/${name}`;
      if (entry.isDirectory()) walk(file);
      else if (sourceFile.test(name)) files.add(file);
    }
  };
  for (const folder of folders) walk(folder);
  for (const [file, text] of Object.entries(overlay)) {
    if (text === null) files.delete(file);
    else if (folders.some((f) => file.startsWith(`${f}/`)) && sourceFile.test(file)) files.add(file);
  }

  const host = {
    fileExists: (p) => {
      const file = rel(p);
      return planted(file) ? overlay[file] !== null : ts.sys.fileExists(p);
    },
    readFile: (p) => {
      const file = rel(p);
      return planted(file) ? (overlay[file] ?? undefined) : ts.sys.readFile(p);
    },
    directoryExists: (p) =>
      ts.sys.directoryExists(p) ||
      Object.keys(overlay).some((file) => overlay[file] !== null && file.startsWith(`${rel(p)}/`)),
    realpath: ts.sys.realpath,
    getCurrentDirectory: () => root,
    getDirectories: ts.sys.getDirectories,
  };
  const read = (file) => (planted(file) ? overlay[file] : readFileSync(abs(file), 'utf8'));

  // Each workspace's compiler options (its tsconfig.json with `extends`), without listing its files.
  const configs = new Map();
  const optionsFor = (file) => {
    let dir = path.posix.dirname(file);
    while (dir !== '.' && !existsSync(abs(`${dir}/tsconfig.json`))) dir = path.posix.dirname(dir);
    if (!configs.has(dir)) {
      const configPath = abs(dir === '.' ? 'tsconfig.base.json' : `${dir}/tsconfig.json`);
      const json = ts.readConfigFile(configPath, ts.sys.readFile).config ?? {};
      const options = ts.parseJsonConfigFileContent(
        json,
        { ...ts.sys, readDirectory: () => [] },
        path.dirname(configPath),
      ).options;
      configs.set(dir, { dir, options, cache: ts.createModuleResolutionCache(root, (s) => s, options) });
    }
    return configs.get(dir);
  };

  // A bare specifier is resolved only when it names a workspace package (`@posada/contracts/…`): an
  // outside package (react, zod) is never a file of the repo, and resolving its types costs a third of
  // the run.
  const workspaces = new Set(
    ['apps', 'packages'].flatMap((dir) =>
      existsSync(abs(dir))
        ? readdirSync(abs(dir))
            .filter((name) => existsSync(abs(`${dir}/${name}/package.json`)))
            .map((name) => JSON.parse(readFileSync(abs(`${dir}/${name}/package.json`), 'utf8')).name)
        : [],
    ),
  );
  const outside = (spec) =>
    !spec.startsWith('.') &&
    !spec.startsWith('/') &&
    !workspaces.has(
      spec
        .split('/')
        .slice(0, spec.startsWith('@') ? 2 : 1)
        .join('/'),
    );

  // Resolutions carry over between runs in one process (the tests run the check many times), except
  // where the overlay could change them: a relative path it plants or removes, a package's files.
  const overlaid = Object.keys(overlay);
  const touches = (file, spec) =>
    overlaid.length > 0 &&
    (spec.startsWith('.')
      ? overlaid.some((o) =>
          o.startsWith(path.posix.join(path.posix.dirname(file), spec).replace(/\.\w+$/, '')),
        )
      : overlaid.some((o) => o.startsWith('packages/')));

  const result = new Map();
  let resolved = 0;
  let external = 0;
  const names = [...files].sort();
  for (const file of names) {
    if (skip?.test(file)) continue;
    const text = read(file);
    let info = parsed.get(file);
    if (!info || info.text !== text) {
      info = { text, ...parseSource(file, text, { tables: file.startsWith('apps/api/') }) };
      parsed.set(file, info);
    }
    const { options, cache, dir } = optionsFor(file);
    /** The spec's resolved path (null: outside package or not found). */
    const lookup = (spec) => {
      if (outside(spec)) return null;
      const key = `${dir}|${path.posix.dirname(file)}|${spec}`;
      let found = touches(file, spec) ? undefined : resolutions.get(key);
      if (found === undefined) {
        const hit = ts.resolveModuleName(spec, abs(file), options, host, cache).resolvedModule;
        found = hit ? rel(hit.resolvedFileName) : null;
        if (!touches(file, spec)) resolutions.set(key, found);
      }
      return found;
    };
    /** The spec's file in the repo, null when it is not one; counts each import resolved or outside. */
    const targetOf = (spec, count) => {
      const found = lookup(spec);
      if (count && outside(spec)) external++;
      else if (count && found !== null) resolved++;
      return found === null || found.startsWith('..') || found.includes('node_modules/') ? null : found;
    };
    result.set(file, {
      file,
      text,
      imports: info.imports.map((i) => ({ ...i, target: targetOf(i.spec, true) })),
      reexports: info.reexports.map((r) => ({ ...r, target: targetOf(r.spec, false) })),
      writes: info.writes,
      sql: info.sql,
      pgTables: info.pgTables,
    });
  }
  return { names, files: result, resolved, external };
}
