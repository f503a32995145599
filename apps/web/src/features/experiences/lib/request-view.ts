import type { ServiceRequest } from '@posada/contracts/experiences';
import { canApplyServiceAction, type ServiceRequestStatus } from '@posada/domain/experiences';
import type { RequestAction } from '../api/upselling-api.ts';

/** The status tabs of the requests list (spec 2.4): all, then each status. */
export const requestTabs = ['all', 'pending', 'approved', 'paid', 'rejected'] as const;
export type RequestTab = (typeof requestTabs)[number];

export const statusColors: Record<ServiceRequestStatus, string> = {
  pending: 'yellow',
  approved: 'blue',
  paid: 'teal',
  rejected: 'red',
};

/** How the request is (being) paid, as the list shows it. */
export type PaymentState =
  | 'online_paid'
  | 'online_held'
  | 'online_open'
  | 'online_failed'
  | 'online_released'
  | 'at_property'
  | 'at_property_paid'
  | 'free';

export function paymentState(
  request: Pick<ServiceRequest, 'payment_mode' | 'payment' | 'status'>,
): PaymentState {
  if (request.payment_mode === 'free') return 'free';
  if (request.payment_mode === 'at_property')
    return request.status === 'paid' ? 'at_property_paid' : 'at_property';
  switch (request.payment?.status) {
    case 'paid':
      return 'online_paid';
    case 'authorized':
      return 'online_held';
    case 'released':
    case 'refunded':
      return 'online_released';
    case 'expired':
    case 'rejected':
    case 'canceled':
      return 'online_failed';
    default:
      // Confirmed by hand at the desk although the guest was offered online payment.
      return request.status === 'paid' ? 'at_property_paid' : 'online_open';
  }
}

export const paymentColors: Record<PaymentState, string> = {
  online_paid: 'teal',
  online_held: 'violet',
  online_open: 'gray',
  online_failed: 'red',
  online_released: 'gray',
  at_property: 'orange',
  at_property_paid: 'teal',
  free: 'gray',
};

/** The row actions the request allows now (spec 4, the domain's rule), in the order they show. */
export function requestActions(request: Pick<ServiceRequest, 'status' | 'payment_mode'>): RequestAction[] {
  const all: [RequestAction, Parameters<typeof canApplyServiceAction>[1]][] = [
    ['approve', 'approve'],
    ['confirm-payment', 'confirm_payment'],
    ['reject', 'reject'],
    ['discard', 'discard'],
  ];
  return all
    .filter(([, rule]) => canApplyServiceAction(request.status, rule, request.payment_mode))
    .map(([action]) => action);
}

/** A phone as the digits WhatsApp's links want (wa.me/34600111222). */
export function whatsappUrl(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 6 ? `https://wa.me/${digits}` : null;
}
