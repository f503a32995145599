import dataset from '../../data/es-postal-codes.json' with { type: 'json' };

/** INE province codes (the first two digits of a Spanish postal code) and their official names. */
export const INE_PROVINCES: Record<string, string> = {
  '01': 'Araba/Álava',
  '02': 'Albacete',
  '03': 'Alicante/Alacant',
  '04': 'Almería',
  '05': 'Ávila',
  '06': 'Badajoz',
  '07': 'Balears, Illes',
  '08': 'Barcelona',
  '09': 'Burgos',
  '10': 'Cáceres',
  '11': 'Cádiz',
  '12': 'Castellón/Castelló',
  '13': 'Ciudad Real',
  '14': 'Córdoba',
  '15': 'Coruña, A',
  '16': 'Cuenca',
  '17': 'Girona',
  '18': 'Granada',
  '19': 'Guadalajara',
  '20': 'Gipuzkoa',
  '21': 'Huelva',
  '22': 'Huesca',
  '23': 'Jaén',
  '24': 'León',
  '25': 'Lleida',
  '26': 'Rioja, La',
  '27': 'Lugo',
  '28': 'Madrid',
  '29': 'Málaga',
  '30': 'Murcia',
  '31': 'Navarra',
  '32': 'Ourense',
  '33': 'Asturias',
  '34': 'Palencia',
  '35': 'Palmas, Las',
  '36': 'Pontevedra',
  '37': 'Salamanca',
  '38': 'Santa Cruz de Tenerife',
  '39': 'Cantabria',
  '40': 'Segovia',
  '41': 'Sevilla',
  '42': 'Soria',
  '43': 'Tarragona',
  '44': 'Teruel',
  '45': 'Toledo',
  '46': 'Valencia/València',
  '47': 'Valladolid',
  '48': 'Bizkaia',
  '49': 'Zamora',
  '50': 'Zaragoza',
  '51': 'Ceuta',
  '52': 'Melilla',
};

/** Built by src/data/es-postal-codes.build.ts (see src/data/README.md); every province 01–52. */
interface PostalDataset {
  source: string;
  /** Municipality names, sorted; `codes` refers to them by index. */
  municipalities: string[];
  /** Every Spanish postal code in the records → its municipalities (indices, in name order). */
  codes: Record<string, number[]>;
}

const data = dataset as PostalDataset;

export interface PostalCodeInfo {
  code: string;
  provinceCode: string;
  province: string;
  municipalities: string[];
}

/**
 * A Spanish postal code as the records know it, or null when it does not exist: not of the Spanish form,
 * or absent from the records (spec 5: "the postal code must exist in the records").
 */
export function lookupPostalCode(raw: string): PostalCodeInfo | null {
  const code = raw.trim();
  if (!/^\d{5}$/.test(code)) return null;
  const provinceCode = code.slice(0, 2);
  const province = INE_PROVINCES[provinceCode];
  const entry = data.codes[code];
  if (!province || !entry) return null;
  return {
    code,
    provinceCode,
    province,
    municipalities: entry.map((i) => data.municipalities[i] ?? '').filter(Boolean),
  };
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The municipality of a guest's address: the only one of the code, or the one the city names (a postal
 * code can span several municipalities; "Elche" matches "Elche/Elx"). Null when it cannot be told.
 */
export function municipalityFor(info: PostalCodeInfo, city: string): string | null {
  if (info.municipalities.length === 1) return info.municipalities[0] ?? null;
  const wanted = fold(city);
  if (!wanted) return null;
  return (
    info.municipalities.find(
      (m) => m.split('/').some((part) => fold(part) === wanted) || fold(m) === wanted,
    ) ?? null
  );
}
