import type { InvoiceLine, InvoiceParty } from '@posada/domain/pricing';
import { REVERSE_CHARGE_MENTION, vatFor } from '@posada/domain/vat';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { invoices } from '../../db/schema/billing.ts';
import { winAnsiSafe } from '../guest-checkin/registration-pdf.ts';

/**
 * The PDF of an invoice or credit note (docs/billing.md), in the customer's language (the snapshot's
 * `locale`). The standard PDF fonts encode Latin text only (WinAnsi) and the repository ships no Arabic
 * font or font shaper, so an Arabic customer's PDF is printed with the English labels (Latin fallback); the
 * legal mentions stay in Spanish, as Spanish law requires, with their translation.
 */
export type InvoicePdfLocale = 'es' | 'en' | 'ar';
type InvoiceDoc = typeof invoices.$inferSelect;

const labels = {
  es: {
    invoice: 'Factura',
    creditNote: 'Factura rectificativa',
    number: 'Número',
    issued: 'Fecha de emisión',
    period: 'Periodo',
    issuer: 'Emisor',
    customer: 'Cliente',
    taxId: 'NIF',
    description: 'Concepto',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    amount: 'Importe',
    subtotal: 'Base imponible',
    vat: 'IVA',
    total: 'Total',
    status: 'Estado',
    paid: 'Pagada',
    unpaid: 'Pendiente de pago',
    corrects: 'Rectifica la factura',
    reason: 'Motivo',
    mentions: {},
  },
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    number: 'Number',
    issued: 'Issue date',
    period: 'Period',
    issuer: 'Issued by',
    customer: 'Customer',
    taxId: 'Tax ID',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Taxable base',
    vat: 'VAT',
    total: 'Total',
    status: 'Status',
    paid: 'Paid',
    unpaid: 'Unpaid',
    corrects: 'Corrects invoice',
    reason: 'Reason',
    mentions: {
      reverse_charge: 'Reverse charge: VAT to be accounted for by the customer.',
      outside_territory: 'Not subject to Spanish VAT (Canary Islands, Ceuta or Melilla).',
      not_subject: 'Not subject to Spanish VAT (customer outside the EU).',
    } as Record<string, string>,
  },
};

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 48;

function money(minor: number, currency: string, locale: 'es' | 'en'): string {
  const text = new Intl.NumberFormat(locale === 'es' ? 'es-ES' : 'en-GB', {
    style: 'currency',
    currency,
  }).format(minor / 100);
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10).split('-').reverse().join('/') : '');

function partyLines(p: InvoiceParty, taxLabel: string): string[] {
  const place = [p.postalCode, p.city, p.province].filter(Boolean).join(' ');
  return [
    p.name,
    p.taxId ? `${taxLabel}: ${p.taxId}` : '',
    p.address,
    [place, p.country].filter(Boolean).join(', '),
    p.email ?? '',
  ].filter((line) => line.trim().length > 0);
}

function fitText(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** The document as PDF bytes (A4; long invoices continue on further pages). */
export async function renderInvoicePdf(
  invoice: InvoiceDoc,
  extra: { correctsCode: string | null },
): Promise<Uint8Array> {
  const lang: 'es' | 'en' = invoice.locale === 'es' ? 'es' : 'en';
  const l = labels[lang];
  const credit = invoice.kind === 'credit_note';
  const title = `${credit ? l.creditNote : l.invoice} ${invoice.code}`;

  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(winAnsiSafe(invoice.issuer.name));
  doc.setSubject(winAnsiSafe(`${title} — ${invoice.customer.name}`));
  doc.setProducer('Posada');
  doc.setCreationDate(invoice.issuedAt);
  doc.setLanguage(lang);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  const grey = rgb(0.35, 0.35, 0.35);
  const write = (
    text: string,
    x: number,
    font: PDFFont,
    size: number,
    opts: { right?: number; color?: ReturnType<typeof rgb> } = {},
  ) => {
    const safe = fitText(winAnsiSafe(text), font, size, (opts.right ?? PAGE_WIDTH - MARGIN) - x);
    const width = font.widthOfTextAtSize(safe, size);
    page.drawText(safe, {
      x: opts.right ? opts.right - width : x,
      y,
      font,
      size,
      color: opts.color ?? rgb(0, 0, 0),
    });
  };
  const newPageIfNeeded = (space: number) => {
    if (y - space > MARGIN) return;
    page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = PAGE_HEIGHT - MARGIN;
  };

  write(credit ? l.creditNote : l.invoice, MARGIN, bold, 20);
  write(invoice.code, MARGIN, bold, 14, { right: PAGE_WIDTH - MARGIN });
  y -= 22;
  write(`${l.issued}: ${day(invoice.issuedAt)}`, MARGIN, regular, 10, { color: grey });
  write(`${l.status}: ${invoice.status === 'paid' ? l.paid : l.unpaid}`, MARGIN, regular, 10, {
    right: PAGE_WIDTH - MARGIN,
    color: grey,
  });
  y -= 14;
  if (invoice.periodStart && invoice.periodEnd) {
    write(`${l.period}: ${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`, MARGIN, regular, 10, {
      color: grey,
    });
    y -= 14;
  }
  const reasonLine = credit
    ? invoice.lines.find((line) => line.quantity === 0 && line.amount === 0)
    : undefined;
  if (credit && extra.correctsCode) {
    write(`${l.corrects}: ${extra.correctsCode}`, MARGIN, bold, 10);
    y -= 14;
  }
  if (reasonLine) {
    write(`${l.reason}: ${reasonLine.description}`, MARGIN, regular, 10);
    y -= 14;
  }

  // Parties, side by side.
  y -= 12;
  const column = (PAGE_WIDTH - 2 * MARGIN) / 2;
  const top = y;
  write(l.issuer, MARGIN, bold, 11);
  for (const line of partyLines(invoice.issuer, l.taxId)) {
    y -= 13;
    write(line, MARGIN, regular, 10, { right: MARGIN + column - 12 });
  }
  const issuerBottom = y;
  y = top;
  write(l.customer, MARGIN + column, bold, 11);
  for (const line of partyLines(invoice.customer, l.taxId)) {
    y -= 13;
    write(line, MARGIN + column, regular, 10);
  }
  y = Math.min(y, issuerBottom) - 28;

  // Lines.
  const cols = {
    qty: PAGE_WIDTH - MARGIN - 230,
    unit: PAGE_WIDTH - MARGIN - 100,
    amount: PAGE_WIDTH - MARGIN,
  };
  const header = () => {
    write(l.description, MARGIN, bold, 10);
    write(l.quantity, MARGIN, bold, 10, { right: cols.qty });
    write(l.unitPrice, MARGIN, bold, 10, { right: cols.unit });
    write(l.amount, MARGIN, bold, 10, { right: cols.amount });
    y -= 6;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE_WIDTH - MARGIN, y },
      thickness: 0.5,
      color: grey,
    });
    y -= 14;
  };
  header();
  for (const line of invoice.lines as InvoiceLine[]) {
    if (line === reasonLine) continue;
    newPageIfNeeded(20);
    write(line.description, MARGIN, regular, 10, { right: cols.qty - 60 });
    write(String(line.quantity), MARGIN, regular, 10, { right: cols.qty });
    write(money(line.unitAmount, invoice.currency, lang), MARGIN, regular, 10, { right: cols.unit });
    write(money(line.amount, invoice.currency, lang), MARGIN, regular, 10, { right: cols.amount });
    y -= 16;
  }
  newPageIfNeeded(120);
  page.drawLine({
    start: { x: MARGIN, y: y + 6 },
    end: { x: PAGE_WIDTH - MARGIN, y: y + 6 },
    thickness: 0.5,
    color: grey,
  });
  y -= 8;
  const totalsRow = (label: string, value: string, font: PDFFont, size = 10) => {
    write(label, MARGIN, font, size, { right: cols.unit });
    write(value, MARGIN, font, size, { right: cols.amount });
    y -= size + 6;
  };
  const rate = `${(invoice.vatRate / 100).toLocaleString(lang === 'es' ? 'es-ES' : 'en-GB')} %`;
  totalsRow(l.subtotal, money(invoice.subtotal, invoice.currency, lang), regular);
  totalsRow(`${l.vat} ${rate}`, money(invoice.vatAmount, invoice.currency, lang), regular);
  totalsRow(l.total, money(invoice.total, invoice.currency, lang), bold, 12);

  // Legal mentions: the Spanish text, and its translation on a non-Spanish invoice.
  const decision = vatFor({
    country: invoice.customer.country,
    postalCode: invoice.customer.postalCode,
    taxId: invoice.customer.taxId,
  });
  const mention = invoice.reverseCharge
    ? REVERSE_CHARGE_MENTION
    : invoice.vatRate === 0
      ? decision.legalMention
      : null;
  if (mention) {
    y -= 16;
    write(mention, MARGIN, bold, 9);
    const key = invoice.reverseCharge ? 'reverse_charge' : decision.treatment;
    const translated = (l.mentions as Record<string, string>)[key];
    if (translated) {
      y -= 12;
      write(translated, MARGIN, regular, 9, { color: grey });
    }
  }
  return doc.save();
}
