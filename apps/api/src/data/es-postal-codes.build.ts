/**
 * Builds es-postal-codes.json from the INE-derived CSV of github.com/inigoflores/ds-codigos-postales-ine-es
 * (data/codigos_postales_municipios_join.csv: codigo_postal,municipio_id,nombre). See README.md.
 *
 *   npx tsx src/data/es-postal-codes.build.ts <csv> [--covered 01,02 | --covered all]
 *
 * --covered lists the provinces the CSV holds completely (an absent code there does not exist); "all"
 * when the whole file is given. Codes outside 01–52 are dropped.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

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

export function buildDataset(csv: string, covered: string[]) {
  const codes: Record<string, [string, string[]]> = {};
  const lines = csv.split(/\r?\n/).filter(Boolean);
  for (const line of lines.slice(1)) {
    const [code = '', , name = ''] = parseCsvLine(line);
    if (!/^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/.test(code) || !name) continue;
    const entry = codes[code] ?? [code.slice(0, 2), []];
    const municipality = naturalName(name);
    if (!entry[1].includes(municipality)) entry[1].push(municipality);
    codes[code] = entry;
  }
  for (const entry of Object.values(codes)) entry[1].sort((a, b) => a.localeCompare(b, 'es'));
  const sorted = Object.fromEntries(Object.entries(codes).sort(([a], [b]) => a.localeCompare(b)));
  return { covered, codes: sorted };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [csvPath, flag, value] = process.argv.slice(2);
  if (!csvPath) throw new Error('usage: es-postal-codes.build.ts <csv> [--covered 01,02|all]');
  const all = Array.from({ length: 52 }, (_, i) => String(i + 1).padStart(2, '0'));
  const covered = flag === '--covered' && value && value !== 'all' ? value.split(',') : all;
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'es-postal-codes.json');
  const dataset = buildDataset(readFileSync(csvPath, 'utf8'), covered);
  writeFileSync(out, `${JSON.stringify(dataset)}\n`);
  console.log(`${Object.keys(dataset.codes).length} postal codes, provinces covered: ${covered.join(',')}`);
}
