export { alpha2Of, checkinCountries as countries } from '@posada/domain/checkin-countries';

export function countryNames(language: string): (alpha2: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return (alpha2) => names?.of(alpha2) ?? alpha2;
}
