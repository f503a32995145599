import {
  billingDetailsAnswer,
  billingDetailsBody,
  billingDetailsSchema,
  consumoSchema,
  invoiceListSchema,
} from '@posada/contracts/billing';
import { okEnvelope } from '@posada/contracts/envelope';
import { idText } from '@posada/contracts/primitives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../plugins/access.ts';
import type { BillingService } from './billing.service.ts';

const idParams = z.object({ id: idText() });
const ok = <T>(data: T) => ({ ok: true as const, data });

/**
 * Billing (issue 16, docs/billing.md): the account's billing data, the invoices the platform issued to it
 * with their PDFs, and the check-ins consumed (spec 7 POST balance/consumo). Access: empresa.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  const tags = ['billing'];
  const config = { access: 'empresa' as const };

  app.get(
    '/billing/details',
    { config, schema: { tags, response: { 200: okEnvelope(billingDetailsAnswer) } } },
    async (request) => ok(await billing.getDetails(requireAccount(request).accountId)),
  );

  app.put(
    '/billing/details',
    {
      config,
      schema: { tags, body: billingDetailsBody, response: { 200: okEnvelope(billingDetailsSchema) } },
    },
    async (request) => ok(await billing.saveDetails(requireAccount(request).accountId, request.body)),
  );

  app.get(
    '/billing/invoices',
    { config, schema: { tags, response: { 200: okEnvelope(invoiceListSchema) } } },
    async (request) => ok(await billing.listInvoices(requireAccount(request).accountId)),
  );

  app.get(
    '/billing/invoices/:id/pdf',
    { config, schema: { tags, params: idParams } },
    async (request, reply) => {
      const { accountId } = requireAccount(request);
      const { fileName, pdf } = await billing.invoicePdf(accountId, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/balance/consumo',
    { config, schema: { tags, response: { 200: okEnvelope(consumoSchema) } } },
    async (request) => ok(await billing.consumo(requireAccount(request).accountId)),
  );
};
