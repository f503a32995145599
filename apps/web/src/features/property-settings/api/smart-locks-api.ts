import type {
  AssignLockBody,
  ConnectLockAccountBody,
  LockAccount,
  PropertyLocks,
  RemoteLockItem,
} from '@posada/contracts/smart-locks';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The account's vendor accounts (Nuki, TTLock, igloohome): shared by every property's page. */
export const lockAccountsQuery = () =>
  queryOptions({
    queryKey: ['smart-locks', 'accounts'] as const,
    queryFn: () => api.get<LockAccount[]>('/api/smart-locks/accounts'),
  });

/** The locks a vendor account reaches, asked live from the vendor (so not kept long). */
export const remoteLocksQuery = (accountId: string) =>
  queryOptions({
    queryKey: ['smart-locks', 'locks', accountId] as const,
    queryFn: () => api.get<RemoteLockItem[]>(`/api/smart-locks/accounts/${accountId}/locks`),
    staleTime: 15_000,
    retry: false,
  });

/** The property's lock and its rooms' locks. */
export const propertyLocksQuery = (propertyId: string) =>
  queryOptions({
    queryKey: ['smart-locks', 'property', propertyId] as const,
    queryFn: () => api.get<PropertyLocks>(`/api/properties/${propertyId}/smart-locks`),
  });

export function useConnectLockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectLockAccountBody) => api.post<LockAccount>('/api/smart-locks/accounts', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['smart-locks'] }),
  });
}

export function useDisconnectLockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ id: string }>(`/api/smart-locks/accounts/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['smart-locks'] }),
  });
}

export function useAssignLock(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignLockBody) =>
      api.put<PropertyLocks>(`/api/properties/${propertyId}/smart-locks/assignment`, body),
    onSuccess: (data) => queryClient.setQueryData(propertyLocksQuery(propertyId).queryKey, data),
  });
}

export function useUnassignLock(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: string | null) =>
      api.delete<PropertyLocks>(
        `/api/properties/${propertyId}/smart-locks/assignment${roomId ? `?room_id=${roomId}` : ''}`,
      ),
    onSuccess: (data) => queryClient.setQueryData(propertyLocksQuery(propertyId).queryKey, data),
  });
}
