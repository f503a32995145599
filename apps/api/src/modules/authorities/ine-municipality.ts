import { readdirSync, readFileSync } from 'node:fs';

/**
 * INE municipality codes (5 digits, CPRO+CMUN) of a Spanish postal code, from the INE pairs the postal-code
 * dataset is built from (src/data/es-postal-codes/source, see src/data/README.md). SES.Hospedajes needs the
 * code for a guest living in Spain; the guest row keeps only the municipality's name.
 */
let pairs: Map<string, string[]> | null = null;

function load(): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const dir = new URL('../../data/es-postal-codes/source/', import.meta.url);
  for (const name of readdirSync(dir).filter((f) => /^pairs-\d+\.csv$/.test(f))) {
    for (const line of readFileSync(new URL(name, dir), 'utf8').split(/\r?\n/)) {
      const [postal, code] = line.split(',');
      if (!postal || !code || !/^\d{5}$/.test(postal) || !/^\d{5}$/.test(code)) continue;
      const list = map.get(postal) ?? [];
      if (!list.includes(code)) list.push(code);
      map.set(postal, list);
    }
  }
  return map;
}

/** The one INE code of a postal code; null when it has none or several (the city cannot tell them apart here). */
export function ineMunicipalityOf(postalCode: string): string | null {
  pairs ??= load();
  const codes = pairs.get(postalCode.trim()) ?? [];
  return codes.length === 1 ? (codes[0] ?? null) : null;
}
