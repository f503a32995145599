import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import type { Clock } from '../lib/clock.ts';
import { createBillingService } from '../modules/billing/billing.service.ts';

/** The placeholder issuer of config.ts's BILLING_ISSUER_* defaults (the demo never runs in production). */
const demoIssuer = {
  name: 'Posada Demo S.L. (placeholder)',
  taxId: 'B00000000',
  address: 'Calle Ejemplo 1',
  postalCode: '28001',
  city: 'Madrid',
  country: 'ES',
};

/**
 * Issue 16: the subscribed demo account's billing data and its last three monthly invoices (paid), so the
 * invoices screen has documents to download. Idempotent: invoices are keyed by a demo Stripe invoice id.
 */
export async function seedDemoBilling(
  db: Db,
  clock: Clock,
  note: (created: boolean, what: string) => void,
  email: string,
): Promise<void> {
  const [owner] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.email, email));
  const accountId = owner?.accountId;
  if (!accountId) return;
  const now = clock.now();
  const billing = createBillingService({ db, clock, issuer: demoIssuer });
  const details = await billing.getDetails(accountId);
  note(!details, `  billing data of ${email} (Alojamientos Demo S.L., B12345674)`);
  if (!details)
    await billing.saveDetails(accountId, {
      business_name: 'Alojamientos Demo S.L.',
      tax_id: 'B12345674',
      address: 'Calle Mayor 10',
      city: 'Sevilla',
      country: 'ES',
      province: 'Sevilla',
      postal_code: '41001',
      email: null,
    });
  for (let back = 3; back >= 1; back -= 1) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 1));
    const stripeInvoiceId = `in_demo_${accountId}_${start.toISOString().slice(0, 7)}`;
    const existing = await billing.repo.invoiceByStripeId(stripeInvoiceId);
    note(!existing, `  invoice for ${start.toISOString().slice(0, 7)} (paid)`);
    if (existing) continue;
    // Issued on the first day of the next period, as Stripe would.
    const issuing = createBillingService({ db, clock: { now: () => end }, issuer: demoIssuer });
    await issuing.issueSubscriptionInvoice({
      accountId,
      stripeInvoiceId,
      periodStart: start,
      periodEnd: end,
      lines: [
        { description: 'Plan Smart · 2 alojamientos', quantity: 2, unitAmount: 3900, amount: 7800 },
        { description: 'Mensajería', quantity: 2, unitAmount: 500, amount: 1000 },
      ],
      currency: 'EUR',
      paid: true,
      paidAt: end,
    });
  }
}
