/**
 * Small readings of a PoliceGuest shared by the Ertzaintza and Mossos adapters (the SES adapter has its
 * own code tables): surnames split, NIE told from DNI, minors, residence country in alpha-3.
 */
import { checkinCountries } from '@posada/domain/checkin-countries';
import { ageOn } from '@posada/domain/checkin-rules';
import type { PoliceGuest } from './types.ts';

/** "García  López" → ["García", "López"]: the first word is the first surname, the rest the second. */
export function splitSurnames(lastName: string): [first: string, second: string] {
  const words = lastName.trim().split(/\s+/).filter(Boolean);
  return [words[0] ?? '', words.slice(1).join(' ')];
}

/** A 'dni' document whose number starts with X, Y or Z is a NIE (foreigner's number). */
export const isNie = (guest: Pick<PoliceGuest, 'documentType' | 'documentNumber'>) =>
  guest.documentType === 'dni' && /^[XYZ]/i.test(guest.documentNumber.trim());

/** Under 18 on the arrival date. */
export const isMinorOn = (guest: Pick<PoliceGuest, 'birthDate'>, arrivalDate: string) =>
  ageOn(guest.birthDate, arrivalDate) < 18;

/** ISO alpha-2 (as stored) → alpha-3, from the check-in form's country list; '' when unknown. */
export function alpha3Of(alpha2: string): string {
  const code = alpha2.trim().toUpperCase();
  if (/^[A-Z]{3}$/.test(code)) return code;
  return checkinCountries.find(([a2]) => a2 === code)?.[1] ?? '';
}

/** The calendar day before an ISO date. */
export function dayBefore(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
