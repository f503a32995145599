import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { billingRoutes } from './billing.routes.ts';
import { createBillingService } from './billing.service.ts';

/** The platform's tax data, printed as the issuer of every invoice (config BILLING_ISSUER_*). */
export interface IssuerConfig {
  BILLING_ISSUER_NAME: string;
  BILLING_ISSUER_TAX_ID: string;
  BILLING_ISSUER_ADDRESS: string;
  BILLING_ISSUER_POSTAL_CODE: string;
  BILLING_ISSUER_CITY: string;
  BILLING_ISSUER_COUNTRY: string;
}

/**
 * Billing (owns billing_details, invoice_series, invoices; docs/billing.md): billing data, the invoices and
 * credit notes the platform issues (the subscriptions module calls issueSubscriptionInvoice; the admin back
 * office lists them across accounts), their PDFs and consumption.
 */
export function createBillingModule(deps: { db: Db; clock: Clock; config: IssuerConfig }) {
  const { config } = deps;
  const service = createBillingService({
    db: deps.db,
    clock: deps.clock,
    issuer: {
      name: config.BILLING_ISSUER_NAME,
      taxId: config.BILLING_ISSUER_TAX_ID,
      address: config.BILLING_ISSUER_ADDRESS,
      postalCode: config.BILLING_ISSUER_POSTAL_CODE,
      city: config.BILLING_ISSUER_CITY,
      country: config.BILLING_ISSUER_COUNTRY.toUpperCase(),
    },
  });
  return {
    name: 'billing',
    service,
    routes: bindRoutes(billingRoutes, { billing: service }),
  } satisfies ApiModule<typeof service>;
}
