import { countryName } from '../../auth/lib/phone-countries.ts';

/**
 * Countries offered in the check-in forms (alpha-2 for country and residence, alpha-3 for the
 * nationality as the MRZ writes it). Spain and the markets of the product first.
 */
export const checkinCountries: ReadonlyArray<readonly [alpha2: string, alpha3: string]> = [
  ['ES', 'ESP'],
  ['PT', 'PRT'],
  ['FR', 'FRA'],
  ['IT', 'ITA'],
  ['DE', 'DEU'],
  ['GB', 'GBR'],
  ['IE', 'IRL'],
  ['NL', 'NLD'],
  ['BE', 'BEL'],
  ['CH', 'CHE'],
  ['AT', 'AUT'],
  ['SE', 'SWE'],
  ['NO', 'NOR'],
  ['DK', 'DNK'],
  ['FI', 'FIN'],
  ['PL', 'POL'],
  ['RO', 'ROU'],
  ['US', 'USA'],
  ['CA', 'CAN'],
  ['MX', 'MEX'],
  ['CO', 'COL'],
  ['AR', 'ARG'],
  ['CL', 'CHL'],
  ['PE', 'PER'],
  ['EC', 'ECU'],
  ['UY', 'URY'],
  ['VE', 'VEN'],
  ['BR', 'BRA'],
  ['MA', 'MAR'],
  ['DZ', 'DZA'],
  ['EG', 'EGY'],
  ['AE', 'ARE'],
  ['SA', 'SAU'],
  ['CN', 'CHN'],
  ['JP', 'JPN'],
  ['IN', 'IND'],
  ['AU', 'AUS'],
];

export const alpha3Of = (alpha2: string) =>
  checkinCountries.find(([a2]) => a2 === alpha2.toUpperCase())?.[1] ?? '';
export const alpha2Of = (alpha3: string) =>
  checkinCountries.find(([, a3]) => a3 === alpha3.toUpperCase())?.[0] ?? '';

/** Select options: value alpha-2 (or alpha-3), label the country's name in the interface language. */
export function countryOptions(language: string, by: 'alpha2' | 'alpha3' = 'alpha2') {
  return checkinCountries.map(([a2, a3]) => ({
    value: by === 'alpha2' ? a2 : a3,
    label: countryName(a2, language),
  }));
}
