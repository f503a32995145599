import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDetails, invoices, subscriptions } from '../../db/schema/billing.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { AppError } from '../../lib/errors.ts';
import { bearer, createEmpresa, type Fixture, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createBillingService } from './billing.service.ts';

/** The text a PDF shows: its Flate streams inflated, the hex strings pdf-lib draws decoded (WinAnsi). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = raw;
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      out += inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      // not a Flate stream
    }
  }
  const hex = [...out.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((h) =>
    Buffer.from(h[1] ?? '', 'hex').toString('latin1'),
  );
  return `${out}\n${hex.join('\n')}`;
}

const line = (description: string, amount: number, quantity = 1) => ({
  description,
  quantity,
  unitAmount: Math.round(amount / quantity),
  amount,
});

/**
 * Billing through the API (PGlite; PostgreSQL with TEST_DB=postgres): billing data with the Spanish NIF
 * check, invoices issued once per Stripe invoice and numbered without gaps, credit notes, the PDF, VAT
 * treatments, immutability, another account's invoice (404) and consumo. The clock starts 2026-11-20.
 */
describe('billing', () => {
  let t: TestApp;
  let a: Fixture;
  let b: Fixture;
  let tokenA: string;
  let tokenB: string;
  let billing: ReturnType<typeof createBillingService>;
  const issuer = {
    name: 'Posada Software S.L.',
    taxId: 'B12345674',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    country: 'ES',
  };
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': lang } });
  const spanishDetails = {
    business_name: 'Casa Rural Las Encinas S.L.',
    tax_id: 'B-1234567-4',
    address: 'Camino de la Sierra 4',
    city: 'Cercedilla',
    country: 'es',
    province: 'Madrid',
    postal_code: '28470',
    email: 'facturas@encinas.example',
  };

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        BILLING_ISSUER_NAME: issuer.name,
        BILLING_ISSUER_TAX_ID: issuer.taxId,
        BILLING_ISSUER_ADDRESS: issuer.address,
        BILLING_ISSUER_POSTAL_CODE: issuer.postalCode,
        BILLING_ISSUER_CITY: issuer.city,
      },
    });
    a = await createEmpresa(t, { name: 'Las Encinas', properties: [{ nombre: 'Casa Encinas' }] });
    b = await createEmpresa(t, { name: 'Maison Lavande', user: { locale: 'en' } });
    tokenA = await loginToken(t, a.email);
    tokenB = await loginToken(t, b.email);
    billing = createBillingService({ db: t.database.db, clock: t.clock, issuer });
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses a Spanish tax id that fails the NIF check, field by field, and saves nothing', async () => {
    expect((await call('GET', '/api/billing/details', tokenA)).json()).toEqual({ ok: true, data: null });
    const bad = await call('PUT', '/api/billing/details', tokenA, { ...spanishDetails, tax_id: 'B12345670' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      ok: false,
      code: 'validation.failed',
      errors: { tax_id: ['El NIF, NIE o CIF no es válido.'] },
    });
    const english = await call(
      'PUT',
      '/api/billing/details',
      tokenA,
      { ...spanishDetails, tax_id: '12345678A', postal_code: '2847', business_name: '' },
      'en',
    );
    expect(english.json().errors).toMatchObject({
      tax_id: ['The NIF, NIE or CIF is not valid.'],
      postal_code: ['A Spanish postal code has 5 digits.'],
      business_name: [expect.any(String)],
    });
    expect((await call('GET', '/api/billing/details', tokenA)).json().data).toBeNull();
    expect(await t.database.db.select().from(billingDetails)).toHaveLength(0);
  });

  it('saves valid billing data normalized, and a later bad edit changes nothing', async () => {
    const saved = await call('PUT', '/api/billing/details', tokenA, spanishDetails);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ tax_id: 'B12345674', country: 'ES', postal_code: '28470' });
    const again = await call('PUT', '/api/billing/details', tokenA, {
      ...spanishDetails,
      tax_id: 'X1234567X',
    });
    expect(again.statusCode).toBe(400);
    expect((await call('GET', '/api/billing/details', tokenA)).json().data).toMatchObject({
      business_name: 'Casa Rural Las Encinas S.L.',
      tax_id: 'B12345674',
      city: 'Cercedilla',
    });
    // A NIE and a person's DNI are valid tax ids too; a non-Spanish tax id is not NIF-checked.
    const nie = await call('PUT', '/api/billing/details', tokenB, {
      ...spanishDetails,
      tax_id: 'X1234567L',
    });
    expect(nie.statusCode).toBe(200);
  });

  it('issues one invoice per Stripe invoice even when called twice at once, with Spanish VAT', async () => {
    const input = {
      accountId: a.accountId as string,
      stripeInvoiceId: 'in_once',
      periodStart: new Date('2026-11-20T00:00:00Z'),
      periodEnd: new Date('2026-12-20T00:00:00Z'),
      lines: [line('Plan Standard · 1 alojamiento', 2900), line('Mensajería', 500)],
      currency: 'eur',
      paid: true,
      paidAt: t.clock.now(),
    };
    const [first, second] = await Promise.all([
      billing.issueSubscriptionInvoice(input),
      billing.issueSubscriptionInvoice(input),
    ]);
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({
      code: 'F2026-000001',
      number: 1,
      currency: 'EUR',
      subtotal: 3400,
      vatRate: 2100,
      vatAmount: 714,
      total: 4114,
      status: 'paid',
      reverseCharge: false,
      locale: 'es',
    });
    expect(first.issuer).toMatchObject(issuer);
    expect(first.customer).toMatchObject({ name: 'Casa Rural Las Encinas S.L.', taxId: 'B12345674' });
    const third = await billing.issueSubscriptionInvoice(input);
    expect(third.id).toBe(first.id);
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.stripeInvoiceId, 'in_once'));
    expect(rows).toHaveLength(1);
  });

  it('numbers 20 invoices issued in parallel 2..21 without gaps or repeats', async () => {
    const issued = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        billing.issueSubscriptionInvoice({
          accountId: a.accountId as string,
          stripeInvoiceId: `in_parallel_${i}`,
          periodStart: null,
          periodEnd: null,
          lines: [line('Plan Standard', 2900)],
          currency: 'EUR',
          paid: false,
        }),
      ),
    );
    const numbers = issued.map((r) => r.number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(new Set(issued.map((r) => r.code)).size).toBe(20);
    expect(issued.map((r) => r.code)).toContain('F2026-000021');
  });

  it('snapshots the customer: editing the billing data later never changes an issued invoice', async () => {
    await call('PUT', '/api/billing/details', tokenA, {
      ...spanishDetails,
      business_name: 'Encinas Nuevo S.L.',
    });
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.stripeInvoiceId, 'in_once'));
    expect(row?.customer.name).toBe('Casa Rural Las Encinas S.L.');
    await call('PUT', '/api/billing/details', tokenA, spanishDetails);
  });

  it('refuses to edit an issued invoice: only its payment status changes', async () => {
    const [row] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.stripeInvoiceId, 'in_parallel_0'));
    if (!row) throw new Error('no invoice');
    const attempt = billing.repo.updateInvoice(row.id, { total: 1, status: 'paid' } as never);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'billing.invoice_immutable' });
    const [after] = await t.database.db.select().from(invoices).where(eq(invoices.id, row.id));
    expect(after).toEqual(row);
    const paid = await billing.markInvoicePaid({ stripeInvoiceId: 'in_parallel_0' });
    expect(paid).toMatchObject({ status: 'paid', total: row.total, code: row.code });
    expect(paid?.paidAt?.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('corrects an invoice by credit notes in their own series R, never beyond what was invoiced', async () => {
    const original = await billing.repo.invoiceByStripeId('in_once');
    if (!original) throw new Error('no invoice');
    const partial = await billing.issueCreditNote({
      invoiceId: original.id,
      reason: 'Mensajería cobrada por error',
      lines: [line('Mensajería', 500)],
    });
    expect(partial).toMatchObject({
      code: 'R2026-000001',
      kind: 'credit_note',
      correctsInvoiceId: original.id,
      subtotal: -500,
      vatAmount: -105,
      total: -605,
      vatRate: 2100,
    });
    expect(partial.customer).toEqual(original.customer);
    await expect(
      billing.issueCreditNote({ invoiceId: original.id, reason: 'Todo', lines: [line('Plan', 3000)] }),
    ).rejects.toMatchObject({ code: 'billing.invalid_credit' });
    await expect(billing.issueCreditNote({ invoiceId: partial.id, reason: 'x' })).rejects.toMatchObject({
      code: 'billing.not_an_invoice',
    });
    const rest = await billing.issueCreditNote({
      invoiceId: original.id,
      reason: 'Baja',
      lines: [line('Plan', 2900)],
    });
    expect(rest.code).toBe('R2026-000002');
    const listed = (await call('GET', '/api/billing/invoices', tokenA)).json().data as Record<
      string,
      unknown
    >[];
    expect(listed.find((i) => i.code === 'R2026-000001')).toMatchObject({
      kind: 'credit_note',
      total: -605,
      corrects_code: 'F2026-000001',
      issuer_name: issuer.name,
    });
  });

  it('lists the account invoices and downloads a PDF with the code, parties, lines, VAT and total', async () => {
    const res = await call('GET', '/api/billing/invoices', tokenA);
    const list = res.json().data as { id: string; code: string; status: string; total: number }[];
    expect(list).toHaveLength(23);
    const first = list.find((i) => i.code === 'F2026-000001');
    expect(first).toMatchObject({ status: 'paid', total: 4114, currency: 'EUR', kind: 'invoice' });
    const pdf = await call('GET', `/api/billing/invoices/${first?.id}/pdf`, tokenA);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="Factura-F2026-000001.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    for (const shown of [
      'F2026-000001',
      'Factura',
      issuer.name,
      'NIF: B12345674',
      'Casa Rural Las Encinas S.L.',
      'Mensajería',
      'IVA 21 %',
      '41,14',
      'Pagada',
    ])
      expect(text).toContain(shown);
    const credit = list.find((i) => i.code === 'R2026-000001');
    const creditText = pdfText(
      (await call('GET', `/api/billing/invoices/${credit?.id}/pdf`, tokenA)).rawPayload,
    );
    expect(creditText).toContain('Factura rectificativa');
    expect(creditText).toContain('Rectifica la factura: F2026-000001');
    expect(creditText).toContain('Motivo: Mensajería cobrada por error');
  });

  it("answers 404 for another account's invoice, and for an id that is no invoice", async () => {
    const [mine] = (await call('GET', '/api/billing/invoices', tokenA)).json().data as { id: string }[];
    const theirs = await call('GET', `/api/billing/invoices/${mine?.id}/pdf`, tokenB);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ ok: false, code: 'common.not_found' });
    expect((await call('GET', '/api/billing/invoices/not-a-uuid/pdf', tokenA)).statusCode).toBe(404);
    expect((await call('GET', '/api/billing/invoices', tokenB)).json().data).toEqual([]);
  });

  it('reverse-charges a French business with a VAT number, in English, with the legal mention', async () => {
    const fr = await call('PUT', '/api/billing/details', tokenB, {
      business_name: 'Maison Lavande SARL',
      tax_id: 'FR 40 303 265 045',
      address: '12 rue des Lilas',
      city: 'Paris',
      country: 'FR',
      postal_code: '75011',
    });
    expect(fr.statusCode).toBe(200);
    const row = await billing.issueSubscriptionInvoice({
      accountId: b.accountId as string,
      stripeInvoiceId: 'in_fr',
      periodStart: null,
      periodEnd: null,
      lines: [line('Plan Smart', 4900)],
      currency: 'EUR',
      paid: true,
    });
    expect(row).toMatchObject({ vatRate: 0, vatAmount: 0, total: 4900, reverseCharge: true, locale: 'en' });
    expect(row.customer.taxId).toBe('FR40303265045');
    const [listed] = (await call('GET', '/api/billing/invoices', tokenB)).json().data as { id: string }[];
    const text = pdfText((await call('GET', `/api/billing/invoices/${listed?.id}/pdf`, tokenB)).rawPayload);
    expect(text).toContain('Invoice');
    expect(text).toContain(row.code);
    expect(text).toContain('Maison Lavande SARL');
    expect(text).toContain('Inversión del sujeto pasivo (art. 196 Directiva 2006/112/CE)');
    expect(text).toContain('Reverse charge');
  });

  it("prints an Arabic customer's invoice with the English labels (Latin fallback)", async () => {
    const c = await createEmpresa(t, { name: 'Riad Yasmine', user: { locale: 'ar' } });
    const row = await billing.issueSubscriptionInvoice({
      accountId: c.accountId as string,
      stripeInvoiceId: 'in_ar',
      periodStart: null,
      periodEnd: null,
      lines: [line('Plan Standard', 2900)],
      currency: 'EUR',
      paid: false,
    });
    expect(row).toMatchObject({ locale: 'ar', vatRate: 2100, total: 3509, status: 'unpaid' });
    const { fileName, pdf } = await billing.invoicePdf(c.accountId as string, row.id);
    expect(fileName).toBe(`Factura-${row.code}.pdf`);
    const text = pdfText(Buffer.from(pdf));
    for (const shown of ['Invoice', row.code, 'Riad Yasmine', 'VAT 21 %', 'Unpaid'])
      expect(text).toContain(shown);
  });

  it('answers the translated "invoice generation failure" when a PDF cannot be produced', async () => {
    const [source] = await t.database.db.select().from(invoices).where(eq(invoices.stripeInvoiceId, 'in_ar'));
    if (!source) throw new Error('no invoice');
    const { id: _id, code: _code, ...rest } = source;
    // A stored currency no formatter knows: only a corrupted row could hold it.
    const [broken] = await t.database.db
      .insert(invoices)
      .values({
        ...rest,
        accountId: a.accountId as string,
        number: 9999,
        code: 'F2026-009999',
        currency: 'EURO',
        stripeInvoiceId: null,
      })
      .returning();
    const res = await call('GET', `/api/billing/invoices/${broken?.id}/pdf`, tokenA);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'billing.invoice_generation_failed',
      message: 'No se pudo generar la factura. Inténtalo de nuevo más tarde.',
    });
    await t.database.db.delete(invoices).where(eq(invoices.id, broken?.id as string));
  });

  it('lists invoices across accounts for the admin, filtered, with totals over every match', async () => {
    const all = await billing.adminListInvoices({}, { limit: 5, offset: 0 });
    expect(all.items).toHaveLength(5);
    expect(all.total_count).toBe(25);
    const onlyB = await billing.adminListInvoices({ accountId: b.accountId as string });
    expect(onlyB.items.map((i) => i.customer_name)).toEqual(['Maison Lavande SARL']);
    const unpaid = await billing.adminListInvoices({ status: 'unpaid', kind: 'invoice' });
    expect(unpaid.total_count).toBe(20);
    expect(unpaid.totals).toEqual([
      { currency: 'EUR', subtotal: 20 * 2900, vat_amount: 20 * 609, total: 20 * 3509 },
    ]);
    expect((await billing.adminListInvoices({ q: 'R2026' })).total_count).toBe(2);
  });

  it('counts check-ins of the current period (consumo) and all of them (checkins)', async () => {
    const insert = (createdAt: Date, n: number) =>
      t.database.db.insert(checkins).values(
        Array.from({ length: n }, (_, i) => ({
          accountId: a.accountId as string,
          propertyId: a.propertyIds[0] as string,
          name: `Huésped ${i}`,
          startDate: '2026-12-01',
          endDate: '2026-12-03',
          linkTokenHash: `hash-${createdAt.getTime()}-${i}`,
          linkTokenSealed: 'sealed',
          linkExpiresAt: new Date('2026-12-03T00:00:00Z'),
          purgeAfter: '2027-12-03',
          createdAt,
        })),
      );
    await insert(new Date('2026-10-15T10:00:00Z'), 2);
    await insert(new Date('2026-11-02T10:00:00Z'), 3);
    await insert(new Date('2026-11-19T10:00:00Z'), 1);
    // In the trial (no subscription): this calendar month.
    const trial = await call('POST', '/api/balance/consumo', tokenA);
    expect(trial.json().data).toEqual({
      consumo: 4,
      checkins: 6,
      period_start: '2026-11-01T00:00:00.000Z',
      period_end: '2026-12-01T00:00:00.000Z',
    });
    // Subscribed: the subscription's current period.
    await t.database.db.insert(subscriptions).values({
      accountId: a.accountId as string,
      plan: 'standard',
      propertyGroup: 'apartment',
      units: 1,
      state: 'active',
      currentPeriodStart: new Date('2026-11-10T00:00:00Z'),
      currentPeriodEnd: new Date('2026-12-10T00:00:00Z'),
    });
    const active = await call('POST', '/api/balance/consumo', tokenA);
    expect(active.json().data).toMatchObject({
      consumo: 1,
      checkins: 6,
      period_start: '2026-11-10T00:00:00.000Z',
    });
    expect((await call('POST', '/api/balance/consumo', tokenB)).json().data).toMatchObject({
      consumo: 0,
      checkins: 0,
    });
  });
});
