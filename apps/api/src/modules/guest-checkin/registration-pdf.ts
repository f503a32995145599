import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** What the signed registration card (parte de viajeros) shows: one guest of one stay. */
export interface RegistrationPdfInput {
  /** es or en; anything else (ar) is written with the English labels: the standard fonts have no Arabic. */
  language: string;
  property: { name: string; address: string; city?: string; postalCode?: string; country?: string };
  stay: { arrival: string; departure: string };
  guest: {
    firstName: string;
    lastName: string;
    gender: string;
    birthDate: string;
    nationality: string;
    documentType: string;
    /** In full: this is the police registration card. */
    documentNumber: string;
    supportNumber: string;
    issueDate: string | null;
    expiryDate: string | null;
    phone: string;
    email: string;
    address: string;
    city: string;
    postalCode: string;
    province: string | null;
    municipality: string | null;
    country: string;
    residenceCountry: string;
    minors: boolean;
    kinship: string | null;
    paymentMethod: string | null;
    paymentDate: string | null;
    isLead: boolean;
  };
  /** PNG data URL of the drawn signature, or null (a manual check-in may have none). */
  signature: string | null;
  /** When and where it was signed. */
  signedAt: Date;
  signedPlace: string;
}

type Labels = Record<
  | 'title'
  | 'subtitle'
  | 'property'
  | 'address'
  | 'stay'
  | 'arrival'
  | 'departure'
  | 'guest'
  | 'lead'
  | 'firstName'
  | 'lastName'
  | 'gender'
  | 'birthDate'
  | 'nationality'
  | 'documentType'
  | 'documentNumber'
  | 'supportNumber'
  | 'issueDate'
  | 'expiryDate'
  | 'phone'
  | 'email'
  | 'residence'
  | 'city'
  | 'postalCode'
  | 'province'
  | 'municipality'
  | 'country'
  | 'residenceCountry'
  | 'minors'
  | 'kinship'
  | 'payment'
  | 'paymentDate'
  | 'yes'
  | 'no'
  | 'signature'
  | 'signedAt'
  | 'noSignature',
  string
>;

const labels: Record<'es' | 'en', Labels> = {
  es: {
    title: 'Parte de entrada de viajeros',
    subtitle: 'Registro documental de huéspedes (RD 933/2021)',
    property: 'Alojamiento',
    address: 'Dirección',
    stay: 'Estancia',
    arrival: 'Entrada',
    departure: 'Salida',
    guest: 'Huésped',
    lead: 'titular',
    firstName: 'Nombre',
    lastName: 'Apellidos',
    gender: 'Sexo',
    birthDate: 'Fecha de nacimiento',
    nationality: 'Nacionalidad',
    documentType: 'Tipo de documento',
    documentNumber: 'Número de documento',
    supportNumber: 'Número de soporte',
    issueDate: 'Fecha de expedición',
    expiryDate: 'Fecha de caducidad',
    phone: 'Teléfono',
    email: 'Correo electrónico',
    residence: 'Dirección de residencia',
    city: 'Localidad',
    postalCode: 'Código postal',
    province: 'Provincia',
    municipality: 'Municipio',
    country: 'País',
    residenceCountry: 'País de residencia',
    minors: 'Viaja con menores',
    kinship: 'Parentesco',
    payment: 'Forma de pago',
    paymentDate: 'Fecha de pago',
    yes: 'Sí',
    no: 'No',
    signature: 'Firma del viajero',
    signedAt: 'Firmado en {place}, el {date}',
    noSignature: '(sin firma)',
  },
  en: {
    title: 'Guest registration card',
    subtitle: 'Traveller registration (Spanish RD 933/2021)',
    property: 'Accommodation',
    address: 'Address',
    stay: 'Stay',
    arrival: 'Arrival',
    departure: 'Departure',
    guest: 'Guest',
    lead: 'lead guest',
    firstName: 'First name',
    lastName: 'Last name',
    gender: 'Gender',
    birthDate: 'Date of birth',
    nationality: 'Nationality',
    documentType: 'Document type',
    documentNumber: 'Document number',
    supportNumber: 'Support number',
    issueDate: 'Issue date',
    expiryDate: 'Expiry date',
    phone: 'Phone',
    email: 'E-mail',
    residence: 'Home address',
    city: 'City',
    postalCode: 'Postal code',
    province: 'Province',
    municipality: 'Municipality',
    country: 'Country',
    residenceCountry: 'Country of residence',
    minors: 'Travelling with minors',
    kinship: 'Kinship',
    payment: 'Payment method',
    paymentDate: 'Payment date',
    yes: 'Yes',
    no: 'No',
    signature: "Guest's signature",
    signedAt: 'Signed in {place} on {date}',
    noSignature: '(not signed)',
  },
};

const values: Record<'es' | 'en', Record<string, string>> = {
  es: {
    male: 'Hombre',
    female: 'Mujer',
    prefer_not_to_say: 'Prefiere no decirlo',
    other: 'Otro',
    dni: 'DNI / NIE',
    passport: 'Pasaporte',
    cash: 'Efectivo',
    pay_at_destination: 'Pago en destino',
    credit_card: 'Tarjeta de crédito',
    mobile_payment: 'Pago por móvil',
    payment_platform: 'Plataforma de pago',
    gift_card: 'Tarjeta regalo',
    transfer: 'Transferencia',
    child: 'Hijo/a',
    grandparent: 'Abuelo/a',
    great_grandparent: 'Bisabuelo/a',
    great_grandchild: 'Bisnieto/a',
    sibling_in_law: 'Cuñado/a',
    spouse: 'Cónyuge',
    sibling: 'Hermano/a',
    grandchild: 'Nieto/a',
    parent: 'Padre/madre',
    nephew_niece: 'Sobrino/a',
    parent_in_law: 'Suegro/a',
    uncle_aunt: 'Tío/a',
    guardian: 'Tutor/a',
    child_in_law: 'Yerno/nuera',
  },
  en: {
    male: 'Male',
    female: 'Female',
    prefer_not_to_say: 'Prefer not to say',
    other: 'Other',
    dni: 'ID card (DNI / NIE)',
    passport: 'Passport',
    cash: 'Cash',
    pay_at_destination: 'Pay at destination',
    credit_card: 'Credit card',
    mobile_payment: 'Mobile payment',
    payment_platform: 'Payment platform',
    gift_card: 'Gift card',
    transfer: 'Bank transfer',
    child: 'Child',
    grandparent: 'Grandparent',
    great_grandparent: 'Great-grandparent',
    great_grandchild: 'Great-grandchild',
    sibling_in_law: 'Sibling-in-law',
    spouse: 'Spouse',
    sibling: 'Sibling',
    grandchild: 'Grandchild',
    parent: 'Parent',
    nephew_niece: 'Nephew/niece',
    parent_in_law: 'Parent-in-law',
    uncle_aunt: 'Uncle/aunt',
    guardian: 'Guardian',
    child_in_law: 'Child-in-law',
  },
};

/**
 * The standard PDF fonts encode WinAnsi (Latin-1 and a few more) only: accents are kept, other scripts are
 * reduced to their base letters when they have one, else '?'. The card stays legible for the police; the
 * stored record keeps the exact text.
 */
export function winAnsiSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(ch)) {
      out += ch;
      continue;
    }
    const base = (NO_DECOMPOSITION[ch] ?? ch).normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += /^[\x20-\x7e]+$/.test(base) ? base : code < 0x20 ? ' ' : '?';
  }
  return out;
}

/** WinAnsi's characters above 0x7F that are not Latin-1. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
/** Letters NFD does not split into a base letter and a mark. */
const NO_DECOMPOSITION: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  Ŧ: 'T',
  ŧ: 't',
};

const formatDate = (iso: string | null | undefined) => {
  if (!iso) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 48;

/** The signed registration card as PDF bytes (A4, one page). */
export async function renderRegistrationPdf(input: RegistrationPdfInput): Promise<Uint8Array> {
  const lang: 'es' | 'en' = input.language === 'es' ? 'es' : 'en';
  const l = labels[lang];
  const v = (key: string | null | undefined) => (key ? (values[lang][key] ?? key) : '—');

  const doc = await PDFDocument.create();
  const name = `${input.guest.firstName} ${input.guest.lastName}`.trim();
  doc.setTitle(winAnsiSafe(`${l.title} — ${name}`));
  doc.setSubject(winAnsiSafe(input.property.name));
  doc.setProducer('Posada');
  doc.setCreationDate(input.signedAt);
  doc.setLanguage(lang);

  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = PAGE_HEIGHT - MARGIN;

  const write = (text: string, x: number, font: PDFFont, size: number, color = rgb(0, 0, 0)) =>
    page.drawText(fitWidth(winAnsiSafe(text), font, size, PAGE_WIDTH - MARGIN - x), {
      x,
      y,
      font,
      size,
      color,
    });

  write(l.title, MARGIN, bold, 18);
  y -= 18;
  write(l.subtitle, MARGIN, regular, 10, rgb(0.35, 0.35, 0.35));
  y -= 26;

  const section = (title: string) => {
    y -= 6;
    write(title, MARGIN, bold, 12);
    y -= 4;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE_WIDTH - MARGIN, y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    y -= 14;
  };
  const row = (label: string, value: string) => {
    write(label, MARGIN, regular, 9, rgb(0.35, 0.35, 0.35));
    write(value || '—', MARGIN + 170, regular, 10);
    y -= 15;
  };

  const p = input.property;
  section(l.property);
  row(l.property, p.name);
  row(
    l.address,
    [p.address, [p.postalCode, p.city].filter(Boolean).join(' '), p.country].filter(Boolean).join(', '),
  );
  section(l.stay);
  row(l.arrival, formatDate(input.stay.arrival));
  row(l.departure, formatDate(input.stay.departure));

  const g = input.guest;
  section(g.isLead ? `${l.guest} (${l.lead})` : l.guest);
  row(l.firstName, g.firstName);
  row(l.lastName, g.lastName);
  row(l.gender, v(g.gender));
  row(l.birthDate, formatDate(g.birthDate));
  row(l.nationality, g.nationality);
  row(l.documentType, v(g.documentType));
  row(l.documentNumber, g.documentNumber);
  row(l.supportNumber, g.supportNumber);
  row(l.issueDate, formatDate(g.issueDate));
  row(l.expiryDate, formatDate(g.expiryDate));
  row(l.phone, g.phone);
  row(l.email, g.email);
  row(l.residence, g.address);
  row(l.city, g.city);
  row(l.postalCode, g.postalCode);
  if (g.province) row(l.province, g.province);
  if (g.municipality) row(l.municipality, g.municipality);
  row(l.country, g.country);
  row(l.residenceCountry, g.residenceCountry);
  row(l.minors, g.minors ? l.yes : l.no);
  if (g.minors) row(l.kinship, v(g.kinship));
  if (g.paymentMethod) row(l.payment, v(g.paymentMethod));
  if (g.paymentDate) row(l.paymentDate, formatDate(g.paymentDate));

  section(l.signature);
  await drawSignature(doc, page, input.signature, y, regular, l.noSignature);
  y -= 130;
  const signedDate = `${formatDate(input.signedAt.toISOString().slice(0, 10))} ${input.signedAt.toISOString().slice(11, 16)} UTC`;
  write(
    l.signedAt.replace('{place}', input.signedPlace || p.city || p.name).replace('{date}', signedDate),
    MARGIN,
    regular,
    10,
  );

  return doc.save();
}

async function drawSignature(
  doc: PDFDocument,
  page: PDFPage,
  dataUrl: string | null,
  top: number,
  font: PDFFont,
  missing: string,
) {
  const prefix = 'data:image/png;base64,';
  if (dataUrl?.startsWith(prefix)) {
    try {
      const png = await doc.embedPng(Buffer.from(dataUrl.slice(prefix.length), 'base64'));
      const scale = Math.min(240 / png.width, 110 / png.height, 1);
      const w = png.width * scale;
      const h = png.height * scale;
      page.drawImage(png, { x: MARGIN, y: top - h, width: w, height: h });
      page.drawRectangle({
        x: MARGIN - 4,
        y: top - 114,
        width: 248,
        height: 118,
        borderColor: rgb(0.75, 0.75, 0.75),
        borderWidth: 0.5,
      });
      return;
    } catch {
      // A PNG pdf-lib cannot read: the card still goes out, marked unsigned.
    }
  }
  page.drawText(missing, { x: MARGIN, y: top - 20, font, size: 10, color: rgb(0.5, 0.5, 0.5) });
}

function fitWidth(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
