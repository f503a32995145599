import type { BillingDetails, BillingDetailsInput, Consumo, InvoiceSummary } from '@posada/contracts/billing';
import { invoicePdfFileName } from '@posada/contracts/billing';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import i18n from '../../../lib/i18n.ts';
import { getToken } from '../../../lib/session.ts';

/** The API paths of billing (issue 16, packages/contracts/src/billing.ts). */
export const billingPaths = {
  details: '/api/billing/details',
  invoices: '/api/billing/invoices',
  invoicePdf: (id: string) => `/api/billing/invoices/${encodeURIComponent(id)}/pdf`,
  consumo: '/api/balance/consumo',
} as const;

const detailsKey = ['billing-details'] as const;

export function billingDetailsQuery() {
  return queryOptions({
    queryKey: detailsKey,
    queryFn: () => api.get<BillingDetails | null>(billingPaths.details),
  });
}

export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingDetailsInput) => api.put<BillingDetails>(billingPaths.details, body),
    onSuccess: (saved) => queryClient.setQueryData(detailsKey, saved),
  });
}

export function invoicesQuery() {
  return queryOptions({
    queryKey: ['billing-invoices'],
    queryFn: () => api.get<InvoiceSummary[]>(billingPaths.invoices),
  });
}

/** POST /api/balance/consumo (spec 7): check-ins used in the period. */
export function consumoQuery() {
  return queryOptions({
    queryKey: ['balance-consumo'],
    queryFn: () => api.post<Consumo>(billingPaths.consumo),
  });
}

/**
 * GET /api/billing/invoices/{id}/pdf: fetched with the session's token (a plain link could not carry it)
 * and handed to the browser as a file named as the server says (Factura-F2026-000001.pdf).
 */
export async function downloadInvoicePdf(invoice: Pick<InvoiceSummary, 'id' | 'code'>): Promise<string> {
  const headers: Record<string, string> = { 'Accept-Language': i18n.language || 'es' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(billingPaths.invoicePdf(invoice.id), { headers });
  } catch {
    throw new ApiError(0, 'network', i18n.t('common:errors.network'));
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(
      response.status,
      envelope?.code ?? 'unknown',
      envelope?.message ?? i18n.t('common:errors.unexpected'),
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? invoicePdfFileName(invoice.code);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return filename;
}
