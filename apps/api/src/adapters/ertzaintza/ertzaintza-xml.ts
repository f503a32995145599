/**
 * The A19 "comunicacionPV" / "comunicacionRH" XML the Ertzaintza's envioFicheroXML carries as CDATA
 * (roomdoo-modules pms_l10n_es_ertzaintza/static/xsd; it mirrors SES altaParteHospedaje with the A19
 * namespaces). Element order follows the XSD sequences; children are unqualified. Differences from SES:
 * one TI per communication, sex V/M/O, PA/MA for father/mother, no DESTI payment, fechaContrato of a
 * PV = entry day or the day before, accents allowed.
 */
import type { PaymentMethod } from '@posada/domain/checkin-rules';
import { dayBefore, isMinorOn, splitSurnames } from '../police/person.ts';
import type { PoliceCommunication, PoliceError, PoliceEstablishment, PoliceGuest } from '../police/types.ts';
import {
  sesCountry as alpha3Of,
  sesDocumentType,
  sesKinship,
  sesPayment,
} from '../ses-hospedajes/ses-codes.ts';

export const A19_NS = {
  PV: 'http://www.servicios.ertzaintza.eus/Ertzaintza/ALOJADOS/A19/comunicacionPV',
  RH: 'http://www.servicios.ertzaintza.eus/Ertzaintza/ALOJADOS/A19/comunicacionRH',
} as const;

/** Sex: V varón, M mujer, O otro (a guest who preferred not to say is O). */
export const ertzaintzaSex = (gender: PoliceGuest['gender']) =>
  gender === 'male' ? 'V' : gender === 'female' ? 'M' : 'O';

/** NIF, NIE, PAS or OTRO, as SES. */
export const ertzaintzaDocumentType = (guest: PoliceGuest) =>
  sesDocumentType(guest.documentType, guest.documentNumber);

/**
 * A19 parentesco. The A19 list has PA (padre) and MA (madre) where SES has PM: a 'parent' is told apart
 * by the gender of the guest who states the kinship (the lead, when the lead declares the minors); a
 * parent whose gender is other or not said is OT, because PA or MA would state something we do not know.
 */
export function ertzaintzaKinship(guest: Pick<PoliceGuest, 'kinship' | 'gender'>): string | null {
  if (!guest.kinship) return null;
  if (guest.kinship === 'parent')
    return guest.gender === 'male' ? 'PA' : guest.gender === 'female' ? 'MA' : 'OT';
  return sesKinship[guest.kinship];
}

/** A19 tipoPago: the SES list without DESTI (pay at destination → OTRO, else CTO05); unknown → OTRO. */
export function ertzaintzaPayment(method: PaymentMethod | null): string {
  return !method || method === 'pay_at_destination' ? 'OTRO' : sesPayment[method];
}

/** fechaContrato of a PV must be the entry day or the day before (CTO17); anything else → the entry day. */
export function pvContractDate(c: PoliceCommunication): string {
  return c.contractDate === c.arrivalDate || c.contractDate === dayBefore(c.arrivalDate)
    ? c.contractDate
    : c.arrivalDate;
}

/** The 1-based position of the TI (the lead guest) in the communication, or null when there is none. */
export const titularIndex = (c: PoliceCommunication) => {
  const i = c.guests.findIndex((g) => g.isLead);
  return i < 0 ? null : i;
};

const esc = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** `<name>value</name>`, or nothing for an empty optional value. Values are trimmed and cut to `max`. */
const el = (name: string, value: string | number | null | undefined, max = 100) => {
  if (value === null || value === undefined) return '';
  const text = String(value).trim().replace(/\s+/g, ' ').slice(0, max);
  return text === '' ? '' : `<${name}>${esc(text)}</${name}>`;
};

function address(guest: PoliceGuest): string {
  const country = alpha3Of(guest.residenceCountry);
  const spain = country === 'ESP';
  return (
    '<direccion>' +
    el('direccion', guest.address) +
    (spain ? el('codigoMunicipio', guest.municipalityCode ?? '', 5) : el('nombreMunicipio', guest.city)) +
    el('codigoPostal', guest.postalCode, 20) +
    el('pais', country, 3) +
    '</direccion>'
  );
}

function contract(kind: 'PV' | 'RH', c: PoliceCommunication): string {
  return (
    '<contrato>' +
    el('referencia', c.reference, 50) +
    el('fechaContrato', kind === 'PV' ? pvContractDate(c) : c.contractDate) +
    el('fechaEntrada', `${c.arrivalDate}T${c.arrivalTime || '00:00'}:00`) +
    el('fechaSalida', `${c.departureDate}T${c.departureTime || '00:00'}:00`) +
    el('numPersonas', c.guests.length) +
    el('numHabitaciones', c.rooms) +
    // siNoType: the XSD's rule allows only 1 and 0.
    el('internet', c.internet ? 1 : 0) +
    '<pago>' +
    el('tipoPago', ertzaintzaPayment(c.paymentMethod), 5) +
    el('fechaPago', c.paymentDate) +
    '</pago>' +
    '</contrato>'
  );
}

function person(kind: 'PV' | 'RH', c: PoliceCommunication, guest: PoliceGuest, titular: boolean): string {
  const [surname1, surname2] = splitSurnames(guest.lastName);
  const hasDocument = guest.documentNumber.trim() !== '';
  const type = ertzaintzaDocumentType(guest);
  const withSupport = kind === 'PV' && (type === 'NIF' || type === 'NIE');
  return (
    '<persona>' +
    el('rol', titular ? 'TI' : 'VI') +
    el('nombre', guest.firstName, 50) +
    el('apellido1', surname1, 50) +
    el('apellido2', surname2, 50) +
    (hasDocument ? el('tipoDocumento', type, 5) + el('numeroDocumento', guest.documentNumber, 15) : '') +
    (hasDocument && withSupport ? el('soporteDocumento', guest.supportNumber, 9) : '') +
    el('fechaNacimiento', guest.birthDate) +
    el('nacionalidad', guest.nationality.toUpperCase(), 3) +
    el('sexo', ertzaintzaSex(guest.gender), 1) +
    (kind === 'PV' || guest.address.trim() ? address(guest) : '') +
    el('telefono', guest.phone, 20) +
    el('correo', guest.email, 50) +
    (kind === 'PV' && !isMinorOn(guest, c.arrivalDate) ? el('parentesco', ertzaintzaKinship(guest), 5) : '') +
    '</persona>'
  );
}

/** The peticion of one request (the CDATA of `solicitud`), every communication of one kind. */
export function buildErtzaintzaXml(
  kind: 'PV' | 'RH',
  establishment: PoliceEstablishment,
  communications: PoliceCommunication[],
): string {
  const comms = communications.map((c) => {
    const ti = titularIndex(c) ?? 0;
    const people = c.guests.map((g, i) => person(kind, c, g, i === ti)).join('');
    const place =
      kind === 'RH'
        ? `<establecimiento>${el('codigo', establishment.establishmentCode, 10)}</establecimiento>`
        : '';
    return `<comunicacion>${place}${contract(kind, c)}${people}</comunicacion>`;
  });
  const head = kind === 'PV' ? el('codigoEstablecimiento', establishment.establishmentCode, 10) : '';
  return `<alt:peticion xmlns:alt="${A19_NS[kind]}"><solicitud>${head}${comms.join('')}</solicitud></alt:peticion>`;
}

/**
 * The A19 business rules the XSD does not carry, with the authority's own codes: COM07 (no TI), COM08
 * (more than one), PER05 (Spanish nationality without second surname), PER43 (no phone and no e-mail);
 * the SES-mirrored document and address rules of a PV carry our own snake_case codes.
 */
export function checkErtzaintzaCommunication(
  kind: 'PV' | 'RH',
  establishment: PoliceEstablishment,
  c: PoliceCommunication,
): PoliceError[] {
  const errors: PoliceError[] = [];
  if (!establishment.establishmentCode.trim())
    errors.push({
      code: 'establishment_code_required',
      message: 'The establishment code is missing',
      field: 'establishmentCode',
    });
  if (c.guests.length === 0)
    errors.push({ code: 'guests_required', message: 'The communication has no guests' });
  const leads = c.guests.filter((g) => g.isLead).length;
  if (c.guests.length > 0 && leads === 0)
    errors.push({ code: 'COM07', message: 'One guest must be the holder (TI)', field: 'isLead' });
  if (leads > 1)
    errors.push({ code: 'COM08', message: 'Only one guest may be the holder (TI)', field: 'isLead' });
  if (c.departureDate <= c.arrivalDate)
    errors.push({
      code: 'departure_before_arrival',
      message: 'The departure must be after the arrival',
      field: 'departureDate',
    });
  const minors = c.guests.some((g) => isMinorOn(g, c.arrivalDate));
  if (kind === 'PV' && minors && !c.guests.some((g) => !isMinorOn(g, c.arrivalDate) && g.kinship))
    errors.push({
      code: 'kinship_required',
      message: 'An adult must state the kinship with the minors',
      field: 'kinship',
    });

  c.guests.forEach((g, i) => {
    const guest = i + 1;
    const add = (code: string, message: string, field: string) =>
      errors.push({ code, message, field, guest });
    const [, surname2] = splitSurnames(g.lastName);
    if (!g.firstName.trim()) add('first_name_required', 'The first name is missing', 'firstName');
    if (!g.lastName.trim()) add('last_name_required', 'The surname is missing', 'lastName');
    if (g.nationality.toUpperCase() === 'ESP' && !surname2)
      add('PER05', 'A Spanish national needs a second surname', 'lastName');
    if (!g.phone.trim() && !g.email.trim()) add('PER43', 'At least one phone or e-mail is required', 'phone');
    if (kind === 'RH') return;
    const adult = !isMinorOn(g, c.arrivalDate);
    if (adult && !g.documentNumber.trim())
      add('document_required', 'An adult needs a document number', 'documentNumber');
    const type = ertzaintzaDocumentType(g);
    if (g.documentNumber.trim() && (type === 'NIF' || type === 'NIE') && !g.supportNumber.trim())
      add('support_number_required', 'A DNI or NIE needs its support number', 'supportNumber');
    if (!g.address.trim()) add('address_required', 'The address is missing', 'address');
    if (alpha3Of(g.residenceCountry) === 'ESP') {
      if (!/^\d{5}$/.test(g.municipalityCode ?? ''))
        add(
          'municipality_required',
          'A residence in Spain needs its INE municipality code',
          'municipalityCode',
        );
    } else if (!g.city.trim()) add('city_required', 'A residence abroad needs its town', 'city');
    if (!alpha3Of(g.residenceCountry))
      add('residence_country_unknown', 'The country of residence is unknown', 'residenceCountry');
  });
  return errors;
}
