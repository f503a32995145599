/**
 * What the booking details modal shows of the checked-in guest (spec 2.4, spec 3 Check-in): document
 * type (P means passport, otherwise ID) and number, country code, birth date with age, sex. The check-in
 * data arrives with the check-in feature; until a guest has checked in, every field is pending.
 */

/** The check-in fields the details read (spec 3 Check-in: cliente.* and type_documento, nu_documento). */
export interface CheckinGuestFields {
  nombre?: string | null;
  apellido?: string | null;
  type_documento?: string | null;
  nu_documento?: string | null;
  whatsapp?: string | null;
  pais_code?: string | null;
  date_of_birth?: string | null;
  sex?: string | null;
}

export type DocumentKind = 'passport' | 'id';

/** spec 2.4: a document type P is a passport; any other value is an identity document. */
export function documentKind(typeDocumento: string | null | undefined): DocumentKind | null {
  const value = (typeDocumento ?? '').trim();
  if (!value) return null;
  return value.toUpperCase() === 'P' ? 'passport' : 'id';
}

/** Whole years from a birth date (YYYY-MM-DD) to `today` (YYYY-MM-DD); null when unknown or in the future. */
export function ageOn(birthDate: string | null | undefined, today: string): number | null {
  const birth = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate ?? '');
  const now = /^(\d{4})-(\d{2})-(\d{2})/.exec(today);
  if (!birth || !now) return null;
  const [by, bm, bd] = birth.slice(1).map(Number) as [number, number, number];
  const [ny, nm, nd] = now.slice(1).map(Number) as [number, number, number];
  if (bm < 1 || bm > 12 || bd < 1 || bd > 31) return null;
  let age = ny - by;
  if (nm < bm || (nm === bm && nd < bd)) age -= 1;
  return age >= 0 ? age : null;
}

export type SexKind = 'female' | 'male' | 'other';

/** spec 3: sex F or M; anything else given is shown as other. */
export function sexKind(sex: string | null | undefined): SexKind | null {
  const value = (sex ?? '').trim().toUpperCase();
  if (!value) return null;
  if (value === 'F') return 'female';
  if (value === 'M') return 'male';
  return 'other';
}

export interface GuestIdentityView {
  /** No check-in yet: the screen says so instead of showing empty fields. */
  pending: boolean;
  fullName: string | null;
  messagingNumber: string | null;
  documentKind: DocumentKind | null;
  documentNumber: string | null;
  countryCode: string | null;
  birthDate: string | null;
  age: number | null;
  sex: SexKind | null;
}

/** The check-in's guest fields, ready to show; a missing check-in gives the pending view. */
export function guestIdentity(
  checkin: CheckinGuestFields | null | undefined,
  today: string,
): GuestIdentityView {
  if (!checkin) {
    return {
      pending: true,
      fullName: null,
      messagingNumber: null,
      documentKind: null,
      documentNumber: null,
      countryCode: null,
      birthDate: null,
      age: null,
      sex: null,
    };
  }
  const text = (value: string | null | undefined) => (value ?? '').trim() || null;
  const fullName = [text(checkin.nombre), text(checkin.apellido)].filter(Boolean).join(' ') || null;
  const birthDate = text(checkin.date_of_birth)?.slice(0, 10) ?? null;
  return {
    pending: false,
    fullName,
    messagingNumber: text(checkin.whatsapp),
    documentKind: documentKind(checkin.type_documento),
    documentNumber: text(checkin.nu_documento),
    countryCode: text(checkin.pais_code)?.toUpperCase() ?? null,
    birthDate,
    age: ageOn(birthDate, today),
    sex: sexKind(checkin.sex),
  };
}
