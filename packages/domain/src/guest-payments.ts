/**
 * Pure rules of guest payments (issue 16, docs/payments.md): the states a guest payment moves through,
 * the reservation payment status they imply, and the operator's payments account status read from a
 * Stripe Account. No I/O: the API applies them, the tests prove them.
 */

export type GuestPaymentState =
  | 'open'
  | 'authorized'
  | 'paid'
  | 'rejected'
  | 'expired'
  | 'released'
  | 'refunded'
  | 'canceled';

/**
 * Where each state may go. Never backwards: a late `expired` after `paid` changes nothing. `rejected` is
 * not final (the guest can try another card on the same Checkout page); `expired` yields to `paid` and `canceled`
 * to `paid`/`authorized` only because money that really moved always wins (the engine re-reads Stripe before
 * applying, so such a move is the truth, not a stale copy). `refunded` → `refunded` is a further partial refund.
 */
const moves: Record<GuestPaymentState, readonly GuestPaymentState[]> = {
  open: ['authorized', 'paid', 'rejected', 'expired', 'canceled'],
  rejected: ['authorized', 'paid', 'expired', 'canceled'],
  authorized: ['paid', 'released', 'expired'],
  paid: ['refunded'],
  refunded: ['refunded'],
  expired: ['paid'],
  canceled: ['authorized', 'paid'],
  released: [],
};

/** Whether a guest payment in `from` may move to `to` (same state: false, except a further refund). */
export function canMoveGuestPayment(from: GuestPaymentState, to: GuestPaymentState): boolean {
  return moves[from].includes(to);
}

/** A state in which the guest can still pay on the Checkout page. */
export function isOpenGuestPayment(state: GuestPaymentState): boolean {
  return state === 'open' || state === 'rejected';
}

export type ReservationPaymentState = 'pending' | 'paid' | 'rejected' | 'refunded';

export interface PaymentForReservation {
  kind: 'booking' | 'link' | 'deposit' | 'service';
  status: GuestPaymentState;
  capturedAmount: number;
  refundedAmount: number;
  createdAt: Date;
}

/**
 * spec 4 Reservation payment follows the real payments of kind `booking` and `link` (deposits are holds,
 * not the price): money kept on any → paid; else all money given back → refunded; else the newest attempt
 * failed → rejected; else pending. Answers null when nothing should change: no such payment yet, or the
 * reservation is paid by hand (money outside Stripe) and no payment took or gave back money.
 */
export function reservationPaymentStatus(
  payments: readonly PaymentForReservation[],
  current: ReservationPaymentState,
): ReservationPaymentState | null {
  const relevant = payments.filter((p) => p.kind === 'booking' || p.kind === 'link');
  if (relevant.length === 0) return null;
  let next: ReservationPaymentState;
  const kept = relevant.some(
    (p) => (p.status === 'paid' || p.status === 'refunded') && p.capturedAmount - p.refundedAmount > 0,
  );
  if (kept) next = 'paid';
  else if (relevant.some((p) => p.status === 'refunded')) next = 'refunded';
  else {
    const newest = [...relevant].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    if (newest?.status === 'rejected') next = 'rejected';
    else if (current === 'paid') return null;
    else next = 'pending';
  }
  return next === current ? null : next;
}

export type PaymentAccountState = 'none' | 'in_progress' | 'approved' | 'restricted' | 'rejected';

/** What of a Stripe Account the status needs (Account.requirements flattened). */
export interface AccountReading {
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  currently_due: readonly string[];
  past_due: readonly string[];
  pending_verification: readonly string[];
  disabled_reason: string | null;
}

/** Stripe's reasons that mean "Stripe is checking": approval can take days, nothing to do. */
const verifyingReasons = new Set(['requirements.pending_verification', 'under_review']);

/**
 * spec 4 Payments account from the Account object (stripe.md §0): rejected when Stripe rejected it
 * (`rejected.*`); approved when charges and payouts are enabled and nothing is due; in progress while the
 * form is unfinished or Stripe verifies; restricted when Stripe disabled it for something still needed.
 * `none` is only for an operator without a connected account (never answered here).
 */
export function paymentAccountStatusOf(a: AccountReading): PaymentAccountState {
  const reason = a.disabled_reason ?? '';
  if (reason.startsWith('rejected.')) return 'rejected';
  if (a.charges_enabled && a.payouts_enabled && a.currently_due.length === 0 && a.past_due.length === 0)
    return 'approved';
  if (!a.details_submitted) return 'in_progress';
  if (verifyingReasons.has(reason)) return 'in_progress';
  if (reason || a.past_due.length > 0) return 'restricted';
  return 'in_progress';
}

export const requirementTopics = [
  'bank_account',
  'identity_document',
  'personal_details',
  'business_details',
  'representative',
  'owners',
  'terms',
  'tax_id',
  'website',
  'other',
] as const;
export type RequirementTopic = (typeof requirementTopics)[number];

/** One Stripe requirement field ('individual.verification.document') as a topic an operator understands. */
export function requirementTopicOf(field: string): RequirementTopic {
  if (field.startsWith('external_account')) return 'bank_account';
  if (field.startsWith('tos_acceptance')) return 'terms';
  if (field.includes('verification.document') || field.includes('verification.additional_document'))
    return 'identity_document';
  if (field.includes('tax_id') || field.endsWith('id_number') || field.endsWith('ssn_last_4'))
    return 'tax_id';
  if (field.startsWith('business_profile.url')) return 'website';
  if (field.startsWith('individual.')) return 'personal_details';
  if (field.startsWith('representative.') || field.startsWith('person_')) return 'representative';
  if (field.startsWith('owners') || field.startsWith('directors') || field.startsWith('executives'))
    return 'owners';
  if (field.startsWith('company.') || field.startsWith('business_profile') || field === 'business_type')
    return 'business_details';
  return 'other';
}

/** The distinct topics of a list of requirement fields, in a stable order. */
export function requirementTopicsOf(fields: readonly string[]): RequirementTopic[] {
  const found = new Set(fields.map(requirementTopicOf));
  return requirementTopics.filter((t) => found.has(t));
}

/** Stripe's disabled_reason as one of a few topics ('rejected.fraud' → 'rejected'). */
export function disabledReasonTopicOf(reason: string | null): string | null {
  if (!reason) return null;
  if (reason.startsWith('rejected.')) return 'rejected';
  if (reason === 'requirements.past_due') return 'past_due';
  if (verifyingReasons.has(reason)) return 'verifying';
  if (reason === 'platform_paused') return 'platform_paused';
  return 'other';
}

/** The platform fee in minor units for `amount` at `bps` basis points (rounded down; never above amount). */
export function applicationFeeOf(amount: number, bps: number): number {
  if (bps <= 0 || amount <= 0) return 0;
  return Math.min(amount, Math.floor((amount * bps) / 10_000));
}
