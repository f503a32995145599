import {
  authoritiesPaths,
  type CheckinRegistration,
  type MarkUploadedBody,
  type PoliceFilesList,
  type RegistrationStatesAnswer,
  type RegistrationsPage,
  type RegistrationsQuery,
  type SendRegistrationBody,
} from '@posada/contracts/authorities';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import i18n from '../../../lib/i18n.ts';
import { getToken } from '../../../lib/session.ts';
import { isInFlight } from '../lib/registration-view.ts';

export type {
  CheckinRegistration,
  PoliceFileView,
  RegistrationBadge,
  RegistrationView,
} from '@posada/contracts/authorities';

type Query = Record<string, string | number | undefined>;

/** Police registration (issue 14): the endpoints of the authorities module. */
export const registrationsApi = {
  ofCheckin: (checkinId: string) =>
    api.get<CheckinRegistration>(authoritiesPaths.checkinRegistration(checkinId)),
  send: (checkinId: string, body: SendRegistrationBody = {}) =>
    api.post<CheckinRegistration>(authoritiesPaths.checkinRegistration(checkinId), body),
  states: (checkinIds: string[]) =>
    api.post<RegistrationStatesAnswer>(authoritiesPaths.registrationStates, { checkin_ids: checkinIds }),
  list: (query: RegistrationsQuery) =>
    api.get<RegistrationsPage>(authoritiesPaths.registrations, query as Query),
  policeFiles: (propertyId?: string) =>
    api.get<PoliceFilesList>(authoritiesPaths.policeFiles, { property_id: propertyId }),
  markUploaded: (fileId: string, body: MarkUploadedBody) =>
    api.post<unknown>(authoritiesPaths.markUploaded(fileId), body),
};

export const registrationsKeys = {
  all: ['registrations'] as const,
  checkin: (id: string) => [...registrationsKeys.all, 'checkin', id] as const,
  states: (ids: readonly string[]) => [...registrationsKeys.all, 'states', ids] as const,
  list: (query: RegistrationsQuery) => [...registrationsKeys.all, 'list', query] as const,
  files: (propertyId?: string) => [...registrationsKeys.all, 'files', propertyId ?? 'all'] as const,
};

export const checkinRegistrationQuery = (checkinId: string) =>
  queryOptions({
    queryKey: registrationsKeys.checkin(checkinId),
    queryFn: () => registrationsApi.ofCheckin(checkinId),
    // While it is out with the authority (or on its way), its state is asked again every 5 seconds.
    refetchInterval: (query) => (isInFlight(query.state.data?.registration?.state) ? 5_000 : false),
    retry: (count, error) => count < 2 && ((error as { status?: number }).status ?? 0) >= 500,
  });

/** The badges of one page of the check-in list (one request for the page, not one per row). */
export const registrationStatesQuery = (checkinIds: readonly string[]) =>
  queryOptions({
    queryKey: registrationsKeys.states(checkinIds),
    queryFn: () => registrationsApi.states([...checkinIds]),
    enabled: checkinIds.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const registrationsListQuery = (query: RegistrationsQuery) =>
  queryOptions({
    queryKey: registrationsKeys.list(query),
    queryFn: () => registrationsApi.list(query),
    placeholderData: keepPreviousData,
  });

export const policeFilesQuery = (propertyId?: string) =>
  queryOptions({
    queryKey: registrationsKeys.files(propertyId),
    queryFn: () => registrationsApi.policeFiles(propertyId),
  });

export const invalidateRegistrations = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: registrationsKeys.all });

/**
 * A file the API answers with the account's token (the CSV record, a Mossos day file), which a plain link
 * cannot carry: fetched, then saved under the server's file name (Content-Disposition) or `fallbackName`.
 */
export async function downloadWithToken(path: string, query: Query, fallbackName: string): Promise<string> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${getToken() ?? ''}`, 'Accept-Language': i18n.language || 'es' },
  });
  if (!response.ok) throw new Error(String(response.status));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const blobUrl = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = blobUrl;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  return name;
}
