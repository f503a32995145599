/**
 * Small readings of a PoliceGuest shared by the Ertzaintza and Mossos adapters (the SES adapter has its
 * code tables, which these two reuse): surnames split, NIE told from DNI, minors, the day before.
 */
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

/** The calendar day before an ISO date. */
export function dayBefore(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
