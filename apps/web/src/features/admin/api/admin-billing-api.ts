import {
  type AdminAccount,
  type AdminAccountChangeBody,
  type AdminCheckinsPage,
  type AdminCoupon,
  type AdminPaymentsPage,
  type AdminPaymentsQuery,
  type AdminPrices,
  type AdminUserInformation,
  type AuditEntry,
  type AuditPage,
  adminBillingPaths,
  type CreateCouponBody,
  type CreatePriceBookBody,
} from '@posada/contracts/admin-billing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface AdminAccountsPage {
  items: AdminAccount[];
  total: number;
  page: number;
  page_size: number;
}

export const ACCOUNTS_PAGE_SIZE = 20;
export const PAYMENTS_PAGE_SIZE = 25;
export const CHECKINS_PAGE_SIZE = 20;

export const billingKeys = {
  audit: (accountId: string | null) => ['admin', 'audit', accountId] as const,
  prices: ['admin', 'prices'] as const,
  coupons: ['admin', 'coupons'] as const,
  payments: (query: Partial<AdminPaymentsQuery>) => ['admin', 'payments', query] as const,
  accounts: (search: string, page: number) => ['admin', 'accounts', search, page] as const,
  information: (userId: string) => ['admin', 'information', userId] as const,
  checkins: (userId: string, pending: boolean, accommodationId: string | null, page: number) =>
    ['admin', 'checkins', userId, pending, accommodationId, page] as const,
};

/** The audit trail, of one account or of every admin action. */
export function useAuditTrail(accountId: string | null, pageSize = 20) {
  return useQuery({
    queryKey: billingKeys.audit(accountId),
    queryFn: () =>
      api.get<AuditPage>(adminBillingPaths.audit, {
        account_id: accountId ?? undefined,
        page_size: pageSize,
      }),
  });
}

export function usePrices() {
  return useQuery({
    queryKey: billingKeys.prices,
    queryFn: () => api.get<AdminPrices>(adminBillingPaths.prices),
  });
}

export function useCreatePriceBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePriceBookBody) => api.post<AdminPrices>(adminBillingPaths.prices, body),
    onSuccess: (prices) => {
      queryClient.setQueryData(billingKeys.prices, prices);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export function useCoupons() {
  return useQuery({
    queryKey: billingKeys.coupons,
    queryFn: () => api.get<AdminCoupon[]>(adminBillingPaths.coupons),
  });
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCouponBody) => api.post<AdminCoupon>(adminBillingPaths.coupons, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.coupons });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export function useSetCouponActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.patch<AdminCoupon>(adminBillingPaths.coupon(id), { active }),
    onSuccess: (coupon) => {
      queryClient.setQueryData<AdminCoupon[]>(billingKeys.coupons, (list) =>
        list?.map((c) => (c.id === coupon.id ? coupon : c)),
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export function usePayments(query: Partial<AdminPaymentsQuery>) {
  return useQuery({
    queryKey: billingKeys.payments(query),
    queryFn: () =>
      api.get<AdminPaymentsPage>(adminBillingPaths.payments, { page_size: PAYMENTS_PAGE_SIZE, ...query }),
    placeholderData: keepPreviousData,
  });
}

/** Every payment of the filter, for the CSV file (pages of 500). */
export async function fetchAllPayments(
  query: Partial<AdminPaymentsQuery>,
): Promise<AdminPaymentsPage['items']> {
  const items: AdminPaymentsPage['items'] = [];
  for (let page = 1; ; page += 1) {
    const data = await api.get<AdminPaymentsPage>(adminBillingPaths.payments, {
      ...query,
      page,
      page_size: 500,
    });
    items.push(...data.items);
    if (items.length >= data.total || data.items.length === 0) return items;
  }
}

export function useAdminAccounts(search: string, page: number) {
  return useQuery({
    queryKey: billingKeys.accounts(search, page),
    queryFn: () =>
      api.get<AdminAccountsPage>(adminBillingPaths.accounts, {
        search: search || undefined,
        page,
        page_size: ACCOUNTS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useChangeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminAccountChangeBody }) =>
      api.patch<{ account: AdminAccount; audit: AuditEntry }>(adminBillingPaths.account(id), body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'accounts'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'information'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'summary'] });
    },
  });
}

export function useUserInformation(userId: string) {
  return useQuery({
    queryKey: billingKeys.information(userId),
    queryFn: () => api.get<AdminUserInformation>(adminBillingPaths.information(userId)),
    enabled: !!userId,
  });
}

export function useUserCheckins(
  userId: string,
  pending: boolean,
  accommodationId: string | null,
  page: number,
) {
  return useQuery({
    queryKey: billingKeys.checkins(userId, pending, accommodationId, page),
    queryFn: () =>
      api.get<AdminCheckinsPage>(
        pending ? adminBillingPaths.checkinsPending(userId) : adminBillingPaths.checkins(userId),
        { accommodation_id: accommodationId ?? undefined, page, page_size: CHECKINS_PAGE_SIZE },
      ),
    placeholderData: keepPreviousData,
    enabled: !!userId,
  });
}
