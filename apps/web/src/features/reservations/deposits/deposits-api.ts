import type { ProgrammedCheckin } from '@posada/contracts/checkins';
import type { DepositList, DepositVerification } from '@posada/contracts/deposits';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// Paths of contracts/deposits depositPaths (the contract module carries zod: types only here, budget §4).
const paths = {
  verify: '/api/request-verification-deposit',
  refund: '/api/refund-deposit',
  list: '/api/deposits',
  deposit: (checkinId: string) => `/api/deposits/${checkinId}`,
} as const;

/** Every deposit query starts with 'deposits': a refund or a new amount reloads them all. */
export const depositsKeys = { all: ['deposits'] as const };

/** GET /api/deposits?booking_id=: the booking's programmed check-in when it asks for a deposit. */
export const bookingDepositsQuery = (bookingId: string) =>
  queryOptions({
    queryKey: [...depositsKeys.all, 'booking', bookingId] as const,
    queryFn: () => api.get<DepositList>(paths.list, { booking_id: bookingId }),
  });

/** The programmed check-in of a booking (its id is the deposit's programmed_id). */
export const programmedQuery = (bookingId: string) =>
  queryOptions({
    queryKey: [...depositsKeys.all, 'programmed', bookingId] as const,
    queryFn: () => api.get<ProgrammedCheckin>('/api/retrieve-programmed-checkin', { booking_id: bookingId }),
  });

/**
 * POST /api/request-verification-deposit (spec 7): the deposit's real state, re-read from Stripe. While it
 * loads the state is 0 (unknown: a skeleton).
 */
export const depositVerificationQuery = (programmedId: string) =>
  queryOptions({
    queryKey: [...depositsKeys.all, 'verify', programmedId] as const,
    queryFn: () => api.post<DepositVerification>(paths.verify, { programmed_id: programmedId }),
    staleTime: 15_000,
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: depositsKeys.all });
}

/** POST /api/refund-deposit: releases the hold or refunds what was taken. */
export function useRefundDeposit() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (programmedId: string) =>
      api.post<DepositVerification>(paths.refund, { programmed_id: programmedId }),
    onSettled: invalidate,
  });
}

/** PUT /api/deposits/{checkinId}: the amount the check-in asks for. */
export function useSetDepositAmount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { checkinId: string; amount: number }) =>
      api.put<DepositVerification>(paths.deposit(input.checkinId), { amount: input.amount }),
    onSettled: invalidate,
  });
}
