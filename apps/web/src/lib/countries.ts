/** Latin American countries, shown right after Spain (our markets, spec 1). */
const LATIN_AMERICA = [
  'AR',
  'BO',
  'BR',
  'CL',
  'CO',
  'CR',
  'CU',
  'DO',
  'EC',
  'SV',
  'GT',
  'HN',
  'MX',
  'NI',
  'PA',
  'PY',
  'PE',
  'PR',
  'UY',
  'VE',
];

/** Every other ISO 3166-1 alpha-2 country. */
const REST = (
  'AD AE AF AG AI AL AM AO AQ AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BQ BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CM CN CV CW CX CY CZ DE DJ DK DM DZ EE EG EH ER ET FI FJ FK FM FO FR GA GB GD ' +
  'GE GF GG GH GI GL GM GN GP GQ GR GS GU GW GY HK HM HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MY MZ NA NC NE NF NG NL NO NP NR NU NZ OM PF PG PH PK PL PM PN PS PT PW QA RE ' +
  'RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SX SY SZ TC TD TF TG TH TJ TK TL TM TN ' +
  'TO TR TT TV TW TZ UA UG UM US UZ VA VC VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

export interface CountryOption {
  value: string;
  label: string;
}
export interface CountryGroup {
  group: string;
  items: CountryOption[];
}

/** A country's name in the interface language (its ISO code when the browser cannot name it). */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The country choices: Spain first (on its own), then Latin America, then the rest, each group sorted
 * by its name in the interface language. Group titles come translated from the caller.
 */
export function countryGroups(
  language: string,
  titles: { latinAmerica: string; rest: string },
): [CountryOption, CountryGroup, CountryGroup] {
  const collator = new Intl.Collator(language);
  const items = (codes: string[]) =>
    codes
      .map((code) => ({ value: code, label: countryName(code, language) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  return [
    { value: 'ES', label: countryName('ES', language) },
    { group: titles.latinAmerica, items: items(LATIN_AMERICA) },
    { group: titles.rest, items: items(REST) },
  ];
}
