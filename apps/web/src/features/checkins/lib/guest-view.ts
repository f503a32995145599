import type { CheckinGuest } from '@posada/contracts/checkin-guest-data';
import type { CheckinGuestFields } from '../../../lib/guest-details.ts';
import type { CheckinListItem } from '../api/checkins-api.ts';

/** spec 3 Check-in: sex F or M (other genders are shown as they were given). */
export function sexLetter(gender: string): 'F' | 'M' | null {
  if (gender === 'female') return 'F';
  if (gender === 'male') return 'M';
  return null;
}

/** spec 2.4: document type P means passport; the booking details read the letter. */
export function documentLetter(documentType: string): string {
  if (documentType === 'passport') return 'P';
  if (documentType === 'dni') return 'D';
  return documentType ? 'I' : '';
}

/** The lead guest of a check-in (the first registered when none is marked lead). */
export function leadGuest(guests: readonly CheckinGuest[]): CheckinGuest | null {
  return guests.find((g) => g.is_lead) ?? guests[0] ?? null;
}

/** The check-in's lead guest in the shape the booking details modal reads (spec 3 Check-in). */
export function toBookingCheckin(guests: readonly CheckinGuest[]): CheckinGuestFields | null {
  const lead = leadGuest(guests);
  if (!lead) return null;
  return {
    nombre: lead.first_name,
    apellido: lead.last_name,
    type_documento: documentLetter(lead.document_type),
    nu_documento: lead.document_number,
    whatsapp: lead.phone,
    pais_code: lead.country,
    date_of_birth: lead.birth_date,
    sex: sexLetter(lead.gender) ?? (lead.gender ? 'O' : ''),
  };
}

export type Progress = 'completed' | 'opened' | 'sent' | 'not_sent';

/** The furthest step the link has reached: sent, opened by the guest, completed. */
export function linkProgress(
  item: Pick<CheckinListItem, 'sent_at' | 'opened_at' | 'completed_at'>,
): Progress {
  if (item.completed_at) return 'completed';
  if (item.opened_at) return 'opened';
  if (item.sent_at) return 'sent';
  return 'not_sent';
}

/** A face-match score (0..1) as a whole percentage. */
/** A face-match score as a whole percentage (a 0..1 similarity, or already a percentage). */
export const scorePercent = (score: number) =>
  Math.round(Math.max(0, Math.min(100, score <= 1 ? score * 100 : score)));

/** The spec 3 names of a check-in (list item or detail) as the booking details modal reads them. */
export function checkinToBookingFields(item: {
  status: string;
  nombre: string;
  apellido: string;
  type_documento: string | null;
  nu_documento: string | null;
  cliente: { whatsapp: string; pais_code: string | null; date_of_birth: string | null; sex: string | null };
}): CheckinGuestFields | null {
  if (item.status !== 'complete') return null;
  return {
    nombre: item.nombre,
    apellido: item.apellido,
    type_documento: item.type_documento,
    nu_documento: item.nu_documento,
    whatsapp: item.cliente.whatsapp,
    pais_code: item.cliente.pais_code,
    date_of_birth: item.cliente.date_of_birth,
    sex: item.cliente.sex,
  };
}
