import { checkinCountries } from '@posada/domain/checkin-countries';
import { countryName } from '../../../lib/phone-countries.ts';

export { alpha2Of } from '@posada/domain/checkin-countries';

/** Select options: value alpha-2 (or alpha-3), label the country's name in the interface language. */
export function countryOptions(language: string, by: 'alpha2' | 'alpha3' = 'alpha2') {
  return checkinCountries.map(([a2, a3]) => ({
    value: by === 'alpha2' ? a2 : a3,
    label: countryName(a2, language),
  }));
}
