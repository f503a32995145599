import {
  experiencesPaths,
  type Provider,
  type ProviderBody,
  type ProviderList,
  type Service,
  type ServiceBody,
  type ServiceList,
  type ServiceListQuery,
} from '@posada/contracts/experiences';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

/** Services and providers share this key: a provider's change shows in the services' provider column. */
export const servicesKey = ['experiences', 'services'] as const;
export const providersKey = ['experiences', 'providers'] as const;

/** GET /api/services with the list's filters (search, property, category, state). */
export const servicesQuery = (filters: ServiceListQuery = {}) =>
  queryOptions({
    queryKey: [...servicesKey, 'list', filters],
    queryFn: () =>
      api.get<ServiceList>(experiencesPaths.services, {
        search: filters.search || undefined,
        property_id: filters.property_id,
        category: filters.category,
        active: filters.active,
      }),
    placeholderData: (previous) => previous,
  });

/** GET /api/services/{id}: the update form's service. */
export const serviceQuery = (id: string) =>
  queryOptions({
    queryKey: [...servicesKey, 'one', id],
    queryFn: () => api.get<Service>(experiencesPaths.service(id)),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** GET /api/upselling/providers. */
export const providersQuery = () =>
  queryOptions({
    queryKey: [...providersKey, 'list'],
    queryFn: () => api.get<ProviderList>(experiencesPaths.providers),
  });

/** POST /api/services (id null) or PUT /api/services/{id}. */
export const saveService = (id: string | null, body: ServiceBody) =>
  id
    ? api.put<Service>(experiencesPaths.service(id), body)
    : api.post<Service>(experiencesPaths.services, body);

/** POST /api/services/{id}/photos, multipart with one file `photo`: answers the service with its photos. */
export const uploadServicePhoto = (id: string, file: File) => {
  const form = new FormData();
  form.append('photo', file);
  return uploadWithProgress<Service>(
    experiencesPaths.servicePhotos(id),
    form,
    undefined,
    (status, code, message) => new ApiError(status, code, message ?? ''),
  );
};

export const deleteServicePhoto = (id: string, index: number) =>
  api.delete<Service>(experiencesPaths.servicePhoto(id, index));

export function useInvalidateServices() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: servicesKey }),
      queryClient.invalidateQueries({ queryKey: providersKey }),
    ]);
}

export function useSetServiceActive() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.post<Service>(experiencesPaths.serviceActive(id), { active }),
    onSettled: invalidate,
  });
}

export function useDeleteService() {
  const invalidate = useInvalidateServices();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(experiencesPaths.service(id)),
    onSettled: invalidate,
  });
}

/** POST /api/upselling/providers (id null) or PUT /api/upselling/providers/{id}. */
export const saveProvider = (id: string | null, body: ProviderBody) =>
  id
    ? api.put<Provider>(experiencesPaths.provider(id), body)
    : api.post<Provider>(experiencesPaths.providers, body);

export const deleteProvider = (id: string) => api.delete<unknown>(experiencesPaths.provider(id));
