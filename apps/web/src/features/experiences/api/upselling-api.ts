import {
  experiencesPaths,
  type ServiceList,
  type ServiceRequest,
  type ServiceRequestList,
  type ServiceRequestListQuery,
  type UpsellConfig,
  type UpsellConfigBody,
  type UpsellReport,
  type UpsellReportQuery,
} from '@posada/contracts/experiences';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import i18n from '../../../lib/i18n.ts';
import { getToken } from '../../../lib/session.ts';
import { useDeliveryChanged } from '../../../lib/use-delivery-changed.ts';

/** The operator's requests, reports and upselling settings (issue 18) live under this key. */
export const upsellingKey = ['upselling'] as const;

type Query = Record<string, string | number | undefined>;

/** GET /api/upselling/requests: one page of requests, newest first, with the counts of the status tabs. */
export const requestListQuery = (query: ServiceRequestListQuery) =>
  queryOptions({
    queryKey: [...upsellingKey, 'requests', query],
    queryFn: () => api.get<ServiceRequestList>(experiencesPaths.requests, query as Query),
    placeholderData: keepPreviousData,
  });

/** GET /api/services: the services of the filters and of the upselling moments. */
export const serviceOptionsQuery = () =>
  queryOptions({
    queryKey: [...upsellingKey, 'services'],
    queryFn: () => api.get<ServiceList>(experiencesPaths.services),
  });

/** GET /api/upselling/reports for a period and optionally one property. */
export const reportQuery = (query: UpsellReportQuery) =>
  queryOptions({
    queryKey: [...upsellingKey, 'report', query],
    queryFn: () => api.get<UpsellReport>(experiencesPaths.reports, query as Query),
    placeholderData: keepPreviousData,
  });

/** GET /api/upselling/config/{property}: the four moments, the store's state and the channel. */
export const configQuery = (propertyId: string) =>
  queryOptions({
    queryKey: [...upsellingKey, 'config', propertyId],
    queryFn: () => api.get<UpsellConfig>(experiencesPaths.config(propertyId)),
  });

export type RequestAction = 'approve' | 'reject' | 'confirm-payment' | 'discard';

/** Approve, reject, confirm payment (POST …/{action}) or discard (DELETE); the list and the report refresh. */
export function useRequestAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: RequestAction }) =>
      action === 'discard'
        ? api.delete<unknown>(experiencesPaths.request(id))
        : api.post<ServiceRequest>(experiencesPaths.requestAction(id, action)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: upsellingKey }),
  });
}

export function useSaveConfig(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpsellConfigBody) => api.put<UpsellConfig>(experiencesPaths.config(propertyId), body),
    onSuccess: (data) => queryClient.setQueryData(configQuery(propertyId).queryKey, data),
  });
}

/**
 * GET /api/upselling/reports.csv with the session's token (a plain link cannot carry it), saved under the
 * server's file name or `fallbackName`.
 */
export async function downloadReportCsv(query: UpsellReportQuery, fallbackName: string): Promise<string> {
  const url = new URL(experiencesPaths.reportsCsv, window.location.origin);
  for (const [k, v] of Object.entries(query)) if (v) url.searchParams.set(k, String(v));
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${getToken() ?? ''}`, 'Accept-Language': i18n.language || 'es' },
    });
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
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}

/** An API error in the interface language: our own text for the codes this screen knows, else the server's. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `upselling:errors.${error.code}`;
    return i18n.exists(key) ? i18n.t(key) : error.message;
  }
  return i18n.t('common:errors.unexpected');
}

/** A request's provider notice moves with its delivery record (issue 26): the list reloads live. */
export function useRequestsLive() {
  const queryClient = useQueryClient();
  useDeliveryChanged(({ delivery }) => {
    if (delivery.kind !== 'provider_notice') return;
    void queryClient.invalidateQueries({ queryKey: [...upsellingKey, 'requests'] });
  });
}
