/**
 * The Mossos d'Esquadra "fitxer massiu" (V24) the operator uploads at registreviatgers.mossos.gencat.cat
 * (there is no web service). Line 1 names the establishment, one line 2 per guest with 32 fields and a
 * trailing `|`; upper case with accents, CRLF line ends and a final CRLF, ISO-8859-1 bytes. The format
 * follows `annasabater/HCOLLGEST` (checked by its author against the official manual v8, §4), see
 * docs/police-registration.md.
 */

import { wallTime } from '@posada/domain/zoned-time';
import { isMinorOn, splitSurnames } from '../police/person.ts';
import type { PoliceCommunication, PoliceError, PoliceEstablishment, PoliceGuest } from '../police/types.ts';
import { sesCountry as alpha3Of } from '../ses-hospedajes/ses-codes.ts';
import {
  ineMunicipality6,
  mossosDocumentType,
  mossosField,
  mossosKinship,
  mossosPayment,
  mossosSex,
} from './mossos-codes.ts';

export interface MossosEntry {
  kind: 'PV' | 'RH';
  communication: PoliceCommunication;
}

const ymd = (isoDate: string | null | undefined) => (isoDate ?? '').replace(/-/g, '');
const hhmm = (time: string | null | undefined) => (time ?? '').replace(':', '').slice(0, 4);

/** yyyyMMdd and HHmm of an instant in a time zone. */
function localStamp(now: Date, timeZone: string): { date: string; time: string } {
  const w = wallTime(now, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return { date: `${w.year}${two(w.month)}${two(w.day)}`, time: `${two(w.hour)}${two(w.minute)}` };
}

/** The file's sequence: 001–999, 1000 wraps to 001. */
export const mossosSequence = (sequence: number) =>
  String(((((sequence - 1) % 999) + 999) % 999) + 1).padStart(3, '0');

/**
 * The kinship a guest's line carries: the guest's own; for a minor without one, the relation the
 * responsible adult declared (the lead first), as SES's parentesco reads "the adult's relation with the
 * minor". The manual's exact reading is not confirmed (docs/police-registration.md).
 */
function kinshipFor(c: PoliceCommunication, guest: PoliceGuest): string {
  if (guest.kinship) return mossosKinship(guest.kinship);
  if (!isMinorOn(guest, c.arrivalDate)) return '';
  const adults = c.guests.filter((g) => g.kinship && !isMinorOn(g, c.arrivalDate));
  const declared = adults.find((g) => g.isLead) ?? adults[0];
  return declared ? mossosKinship(declared.kinship) : '';
}

/** One line 2: the 32 fields of the notes, each already a file field, joined and closed by `|`. */
export function mossosGuestLine(kind: 'PV' | 'RH', c: PoliceCommunication, guest: PoliceGuest): string {
  const type = guest.documentNumber.trim() ? mossosDocumentType(guest) : '';
  const number = guest.documentNumber.replace(/[\s-]/g, '');
  const [surname1, surname2] = splitSurnames(guest.lastName);
  const country = alpha3Of(guest.residenceCountry);
  const spain = country === 'ESP';
  const municipality = spain ? ineMunicipality6(guest.municipalityCode) : '';
  const fields = [
    '2',
    type === 'D' ? number : '',
    type && type !== 'D' ? number : '',
    type,
    ymd(guest.issueDate),
    surname1,
    surname2,
    guest.firstName,
    mossosSex(guest.gender),
    ymd(guest.birthDate),
    guest.nationality,
    ymd(c.arrivalDate),
    hhmm(c.arrivalTime),
    ymd(c.departureDate),
    hhmm(c.departureTime),
    ymd(c.contractDate),
    kind === 'PV' ? 'C' : 'R',
    c.reference,
    c.guests.length,
    c.rooms,
    c.internet ? 'S' : 'N',
    mossosPayment(c.paymentMethod),
    guest.phone.replace(/\s+/g, ''),
    kinshipFor(c, guest),
    null, // e-mail: kept as typed (the only field not upper-cased)
    type === 'D' || type === 'N' ? guest.supportNumber.replace(/\s+/g, '') : '',
    guest.address,
    municipality.slice(0, 2),
    municipality,
    spain ? '' : guest.city,
    country,
    guest.postalCode.replace(/\s+/g, ''),
  ].map((value, i) => (i === 24 ? mossosField(guest.email.trim(), true) : mossosField(value)));
  return `${fields.join('|')}|`;
}

/** latin1 bytes of text already reduced to latin1 by mossosField. */
const latin1 = (text: string) => Buffer.from(text, 'latin1');

/**
 * The file of `entries` (each guest one line 2). `now` in `timeZone` dates line 1 (generation time);
 * `day` is the caller's day the file groups, `sequence` its running number (name suffix).
 */
export function buildMossosFile(
  establishment: PoliceEstablishment,
  entries: MossosEntry[],
  opts: { day: string; sequence: number; now: Date; timeZone: string },
): { fileName: string; content: Buffer } {
  const identifier = establishment.establishmentCode.trim().toUpperCase();
  const guests = entries.flatMap(({ kind, communication }) =>
    communication.guests.map((guest) => mossosGuestLine(kind, communication, guest)),
  );
  const { date, time } = localStamp(opts.now, opts.timeZone);
  const header = ['1', identifier, establishment.name, date, time, guests.length, 'V24'].map((v) =>
    mossosField(v),
  );
  const lines = [header.join('|'), ...guests];
  return {
    fileName: `${identifier}.${mossosSequence(opts.sequence)}.txt`,
    content: latin1(`${lines.join('\r\n')}\r\n`),
  };
}

/**
 * The validations of the V24 file before it is written (the portal answers "Línia N: …" otherwise). A
 * reservation (RH → R) needs only first name, first surname and a phone or e-mail.
 */
export function checkMossosCommunication(
  kind: 'PV' | 'RH',
  establishment: PoliceEstablishment,
  c: PoliceCommunication,
): PoliceError[] {
  const errors: PoliceError[] = [];
  if (!/^[A-Za-z0-9]{9,10}$/.test(establishment.establishmentCode.trim()))
    errors.push({
      code: 'establishment_code_invalid',
      message: 'The file identifier has 9 or 10 letters and digits',
      field: 'establishmentCode',
    });
  if (c.guests.length === 0)
    errors.push({ code: 'guests_required', message: 'The communication has no guests' });
  if (c.departureDate <= c.arrivalDate)
    errors.push({
      code: 'departure_before_arrival',
      message: 'The departure must be after the arrival',
      field: 'departureDate',
    });
  const today = new Date().toISOString().slice(0, 10);
  c.guests.forEach((g, i) => {
    const guest = i + 1;
    const add = (code: string, message: string, field: string) =>
      errors.push({ code, message, field, guest });
    const [surname1, surname2] = splitSurnames(g.lastName);
    if (!g.firstName.trim()) add('first_name_required', 'The first name is missing', 'firstName');
    if (!surname1) add('last_name_required', 'The first surname is missing', 'lastName');
    if (!g.phone.trim() && !g.email.trim())
      add('contact_required', 'A phone or an e-mail is required', 'phone');
    if (kind === 'RH') return;
    const minor = isMinorOn(g, c.arrivalDate);
    const number = g.documentNumber.replace(/[\s-]/g, '');
    const type = number ? mossosDocumentType(g) : '';
    if (!minor && !number)
      add('document_required', 'An adult needs a document type and number', 'documentNumber');
    if (number.length > 14)
      add('document_too_long', 'The document number has at most 14 characters', 'documentNumber');
    if ((type === 'D' || type === 'N') && g.supportNumber.replace(/\s+/g, '').length !== 9)
      add('support_number_invalid', 'A DNI or NIE needs its 9-character support number', 'supportNumber');
    if (type === 'D' && !surname2)
      add('second_surname_required', 'A DNI holder needs the second surname', 'lastName');
    if (minor && !kinshipFor(c, g))
      add('kinship_required', 'A minor needs the kinship with the adult', 'kinship');
    if (g.birthDate > today) add('birth_date_future', 'The birth date is in the future', 'birthDate');
    if (g.issueDate && g.issueDate > today)
      add('issue_date_future', 'The issue date is in the future', 'issueDate');
    const country = alpha3Of(g.residenceCountry);
    if (!country) add('residence_country_unknown', 'The country of residence is unknown', 'residenceCountry');
    else if (country === 'ESP') {
      if (!ineMunicipality6(g.municipalityCode))
        add(
          'municipality_required',
          'A residence in Spain needs its INE municipality code',
          'municipalityCode',
        );
    } else if (!g.city.trim()) add('city_required', 'A residence abroad needs its town', 'city');
  });
  return errors;
}

/** What the authorities module is given (registration-context MossosFiles). */
export const mossosFiles = { build: buildMossosFile, check: checkMossosCommunication };
