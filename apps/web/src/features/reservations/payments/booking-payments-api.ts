import {
  type CreatePaymentLinkBody,
  type GuestPayment,
  type PaymentAccount,
  paymentsRoutes,
  type RefundGuestPaymentBody,
  type SendVia,
} from '@posada/contracts/payments';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { reservationsKeys } from '../../../lib/api/bookings-keys.ts';
import { api } from '../../../lib/api.ts';

/** Under the reservations prefix: every booking mutation and socket refresh reloads them too. */
export const bookingPaymentsKey = (bookingId: string) =>
  [...reservationsKeys.all, 'payments', bookingId] as const;

/** GET /api/bookings/{id}/payments: the guest payments of a reservation (refreshed while one is open). */
export function bookingPaymentsQuery(bookingId: string) {
  return queryOptions({
    queryKey: bookingPaymentsKey(bookingId),
    queryFn: () => api.get<GuestPayment[]>(paymentsRoutes.bookingPayments(bookingId)),
    refetchInterval: (query) =>
      (query.state.data ?? []).some((p) => p.status === 'open' || p.status === 'rejected') ? 10_000 : false,
  });
}

/** GET /api/payments/account: whether card payments can be taken at all. */
export function paymentAccountQuery() {
  return queryOptions({
    queryKey: ['payments', 'account'],
    queryFn: () => api.get<PaymentAccount>(paymentsRoutes.account),
    staleTime: 60_000,
  });
}

/** Every payment action reloads the booking (its payment status) and its payments. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reservationsKeys.all });
}

export function useCreatePaymentLink(bookingId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreatePaymentLinkBody) =>
      api.post<GuestPayment>(paymentsRoutes.bookingPayments(bookingId), body),
    onSettled: invalidate,
  });
}

export function useSendPayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, via }: { id: string; via: SendVia }) =>
      api.post<GuestPayment>(paymentsRoutes.send(id), { via }),
    onSettled: invalidate,
  });
}

export function useRefundPayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & RefundGuestPaymentBody) =>
      api.post<GuestPayment>(paymentsRoutes.refund(id), body),
    onSettled: invalidate,
  });
}

export function useCancelPayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<GuestPayment>(paymentsRoutes.cancel(id)),
    onSettled: invalidate,
  });
}
