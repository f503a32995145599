/**
 * The XML SES.Hospedajes receives: the inner documents (parte de viajeros PV, reserva de hospedaje RH,
 * anulación B, consulta C), exactly in the XSD element order of `xsd/`, zipped (one DEFLATE entry) and
 * Base64-encoded into `solicitud`; and the SOAP 1.1 envelopes of the operations Posada calls.
 */
import { normalizeDocumentNumber } from '@posada/domain/checkin-rules';
import { unzipSync, zipSync } from 'fflate';
import type { PoliceCommunication, PoliceEstablishment, PoliceGuest } from '../police/types.ts';
import {
  sesCountry,
  sesDocumentType,
  sesEstablishmentTypeOf,
  sesKinship,
  sesPaymentOf,
  sesSex,
} from './ses-codes.ts';

export const NS = {
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
  com: 'http://www.soap.servicios.hospedajes.mir.es/comunicacion',
  pv: 'http://www.neg.hospedajes.mir.es/altaParteHospedaje',
  rh: 'http://www.neg.hospedajes.mir.es/altaReservaHospedaje',
  anul: 'http://www.neg.hospedajes.mir.es/anularComunicacion',
  con: 'http://www.neg.hospedajes.mir.es/consultarComunicacion',
} as const;

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
/** The name of the single entry of the zip (not fixed by the spec; any name is accepted). */
export const ZIP_ENTRY = 'solicitud.xml';

/** XML text: the five escapes, and the control characters XML 1.0 cannot carry dropped. */
export function escapeXml(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping the characters XML cannot carry is the point.
  const clean = value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  return clean
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Whitespace collapsed (as the XSD does) and cut to `max` characters (code points, not UTF-16 units). */
export function cut(value: string | null | undefined, max: number): string {
  const collapsed = (value ?? '').replace(/\s+/g, ' ').trim();
  return Array.from(collapsed).slice(0, max).join('');
}

/** `<name>value</name>`, or nothing when the value is empty (every optional element). */
const el = (name: string, value: string | number | boolean | null | undefined) =>
  value === null || value === undefined || value === ''
    ? ''
    : `<${name}>${escapeXml(String(value))}</${name}>`;

/** "García López de la Vega" → apellido1 "García", apellido2 "López de la Vega". */
export function splitSurname(lastName: string): { first: string; second: string } {
  const [first = '', ...rest] = cut(lastName, 200).split(' ');
  return { first: cut(first, 50), second: cut(rest.join(' '), 50) };
}

/** A local date and HH:MM (or HH:MM:SS, or nothing: midnight) → xsd:dateTime without offset. */
export function localDateTime(date: string, time: string): string {
  const [h = '00', m = '00', s = '00'] = (time.trim() || '00:00').split(':');
  return `${date}T${h.padStart(2, '0')}:${m.padStart(2, '0')}:${s.padStart(2, '0')}`;
}

const EMAIL = /^[^@]+@[^.]+\..+$/;
/** The e-mail as correoType accepts it, or '' (an empty or malformed one is left out). */
export const sesEmail = (email: string) => {
  const value = cut(email, 250);
  return EMAIL.test(value) ? value : '';
};

function contrato(c: PoliceCommunication): string {
  return (
    '<contrato>' +
    el('referencia', cut(c.reference, 50)) +
    el('fechaContrato', c.contractDate) +
    el('fechaEntrada', localDateTime(c.arrivalDate, c.arrivalTime)) +
    el('fechaSalida', localDateTime(c.departureDate, c.departureTime)) +
    el('numPersonas', c.guests.length) +
    el('numHabitaciones', c.rooms > 0 ? c.rooms : null) +
    el('internet', c.internet ? 'true' : 'false') +
    '<pago>' +
    el('tipoPago', sesPaymentOf(c.paymentMethod)) +
    el('fechaPago', c.paymentDate) +
    '</pago>' +
    '</contrato>'
  );
}

/** direccionType: ESP carries the INE municipality code and no name; any other country the name. */
function direccion(address: string, city: string, postalCode: string, country: string, ine: string | null) {
  const pais = sesCountry(country);
  const spain = pais === 'ESP';
  return (
    '<direccion>' +
    `<direccion>${escapeXml(cut(address, 100))}</direccion>` +
    (spain ? el('codigoMunicipio', cut(ine, 5)) : el('nombreMunicipio', cut(city, 100))) +
    `<codigoPostal>${escapeXml(cut(postalCode, 20))}</codigoPostal>` +
    `<pais>${escapeXml(pais)}</pais>` +
    '</direccion>'
  );
}

function identity(g: PoliceGuest) {
  const number = cut(normalizeDocumentNumber(g.documentNumber), 15);
  const type = number ? sesDocumentType(g.documentType, number) : null;
  return { type, number };
}

function contact(g: PoliceGuest) {
  return el('telefono', cut(g.phone, 20)) + el('correo', sesEmail(g.email));
}

function personaPV(g: PoliceGuest): string {
  const { first, second } = splitSurname(g.lastName);
  const { type, number } = identity(g);
  const support = type === 'NIF' || type === 'NIE' ? cut(g.supportNumber, 9).toUpperCase() : '';
  return (
    '<persona>' +
    '<rol>VI</rol>' +
    `<nombre>${escapeXml(cut(g.firstName, 50))}</nombre>` +
    `<apellido1>${escapeXml(first)}</apellido1>` +
    el('apellido2', second) +
    el('tipoDocumento', type) +
    el('numeroDocumento', number) +
    el('soporteDocumento', support) +
    el('fechaNacimiento', g.birthDate) +
    el('nacionalidad', sesCountry(g.nationality)) +
    el('sexo', sesSex[g.gender]) +
    direccion(g.address, g.city, g.postalCode, g.residenceCountry, g.municipalityCode) +
    contact(g) +
    el('parentesco', g.kinship ? sesKinship[g.kinship] : null) +
    '</persona>'
  );
}

function personaRH(g: PoliceGuest, holder: boolean): string {
  const { first, second } = splitSurname(g.lastName);
  const { type, number } = identity(g);
  const hasAddress = Boolean(g.address.trim() || g.city.trim() || g.postalCode.trim());
  return (
    '<persona>' +
    `<rol>${holder ? 'TI' : 'VI'}</rol>` +
    `<nombre>${escapeXml(cut(g.firstName, 50))}</nombre>` +
    `<apellido1>${escapeXml(first)}</apellido1>` +
    el('apellido2', second) +
    el('tipoDocumento', type) +
    el('numeroDocumento', number) +
    el('fechaNacimiento', g.birthDate) +
    el('nacionalidad', sesCountry(g.nationality)) +
    el('sexo', sesSex[g.gender]) +
    (hasAddress && sesCountry(g.residenceCountry)
      ? direccion(g.address, g.city, g.postalCode, g.residenceCountry, g.municipalityCode)
      : '') +
    contact(g) +
    '</persona>'
  );
}

/** altaParteHospedaje: one establishment, one `comunicacion` per stay, every guest as rol VI. */
export function buildParteViajeros(est: PoliceEstablishment, communications: PoliceCommunication[]): string {
  const body = communications.map(
    (c) => `<comunicacion>${contrato(c)}${c.guests.map(personaPV).join('')}</comunicacion>`,
  );
  return (
    `${DECLARATION}<alt:peticion xmlns:alt="${NS.pv}"><solicitud>` +
    `<codigoEstablecimiento>${escapeXml(cut(est.establishmentCode, 10))}</codigoEstablecimiento>` +
    `${body.join('')}</solicitud></alt:peticion>`
  );
}

function establecimiento(est: PoliceEstablishment): string {
  if (est.establishmentCode.trim()) {
    return `<establecimiento><codigo>${escapeXml(cut(est.establishmentCode, 10))}</codigo></establecimiento>`;
  }
  return (
    '<establecimiento><datosEstablecimiento>' +
    `<tipo>${escapeXml(sesEstablishmentTypeOf(est.propertyType))}</tipo>` +
    `<nombre>${escapeXml(cut(est.name, 50))}</nombre>` +
    direccion(est.address, est.city, est.postalCode, 'ES', est.municipalityCode ?? null) +
    '</datosEstablecimiento></establecimiento>'
  );
}

/** altaReservaHospedaje: the establishment in each `comunicacion`; the lead guest is the holder (TI). */
export function buildReservaHospedaje(
  est: PoliceEstablishment,
  communications: PoliceCommunication[],
): string {
  const body = communications.map((c) => {
    const leadIndex = Math.max(
      0,
      c.guests.findIndex((g) => g.isLead),
    );
    const people = c.guests.map((g, i) => personaRH(g, i === leadIndex)).join('');
    return `<comunicacion>${establecimiento(est)}${contrato(c)}${people}</comunicacion>`;
  });
  return `${DECLARATION}<alt:peticion xmlns:alt="${NS.rh}"><solicitud>${body.join('')}</solicitud></alt:peticion>`;
}

/** anularComunicacion (operation B): the communication codes, qualified as that XSD requires. */
export function buildAnulacion(codes: string[]): string {
  const items = codes.map(
    (code) => `<anul:codigoComunicacion>${escapeXml(cut(code, 36))}</anul:codigoComunicacion>`,
  );
  return `${DECLARATION}<anul:comunicaciones xmlns:anul="${NS.anul}">${items.join('')}</anul:comunicaciones>`;
}

/** consultarComunicacion (operation C): the batch codes. */
export function buildConsulta(lotes: string[]): string {
  const items = lotes.map((lote) => `<con:lote>${escapeXml(cut(lote, 36))}</con:lote>`);
  return `${DECLARATION}<con:lotes xmlns:con="${NS.con}">${items.join('')}</con:lotes>`;
}

/** The `solicitud` encoding: UTF-8 (no BOM) → a zip with one DEFLATE entry → Base64. */
export function zipBase64(xml: string): string {
  const bytes = new TextEncoder().encode(xml.replace(/^\uFEFF/, ''));
  const zip = zipSync({ [ZIP_ENTRY]: [bytes, { level: 6 }] });
  return Buffer.from(zip).toString('base64');
}

/** The reverse of zipBase64 (the fake and the tests): the text of the zip's first entry. */
export function unzipBase64(solicitud: string): string {
  const entries = unzipSync(new Uint8Array(Buffer.from(solicitud.trim(), 'base64')));
  const first = Object.values(entries)[0];
  if (!first) throw new Error('empty zip');
  return new TextDecoder('utf-8', { fatal: true }).decode(first);
}

const envelope = (body: string) =>
  `${DECLARATION}<soapenv:Envelope xmlns:soapenv="${NS.soap}" xmlns:com="${NS.com}">` +
  `<soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

export interface ComunicacionHeader {
  landlordCode: string;
  /** The `aplicacion` header, at most 50 characters (10150 otherwise). */
  application: string;
  operation: 'A' | 'B' | 'C';
  /** Only for A. */
  kind?: 'PV' | 'RH';
}

/** `comunicacion`: the header and the zipped, Base64 `solicitud`. */
export function comunicacionEnvelope(header: ComunicacionHeader, innerXml: string): string {
  return envelope(
    '<com:comunicacionRequest><peticion><cabecera>' +
      `<codigoArrendador>${escapeXml(cut(header.landlordCode, 10))}</codigoArrendador>` +
      `<aplicacion>${escapeXml(cut(header.application, 50))}</aplicacion>` +
      `<tipoOperacion>${header.operation}</tipoOperacion>` +
      (header.operation === 'A' && header.kind ? `<tipoComunicacion>${header.kind}</tipoComunicacion>` : '') +
      `</cabecera><solicitud>${zipBase64(innerXml)}</solicitud></peticion></com:comunicacionRequest>`,
  );
}

/** `consultaLote`: the batch codes in plain XML (at most 10). */
export const consultaLoteEnvelope = (lotes: string[]) =>
  envelope(
    `<com:consultaLoteRequest><codigosLote>${lotes.map((l) => `<lote>${escapeXml(cut(l, 36))}</lote>`).join('')}` +
      '</codigosLote></com:consultaLoteRequest>',
  );

/** `anulacionLote`: cancels every communication of one batch. */
export const anulacionLoteEnvelope = (lote: string) =>
  envelope(`<com:anulacionLoteRequest><lote>${escapeXml(cut(lote, 36))}</lote></com:anulacionLoteRequest>`);

/** `catalogo`: one code table (SEXO, TIPO_DOCUMENTO…), or the list of tables when empty. */
export const catalogoEnvelope = (catalogo: string) =>
  envelope(
    `<com:catalogoRequest><peticion><catalogo>${escapeXml(catalogo)}</catalogo></peticion></com:catalogoRequest>`,
  );
