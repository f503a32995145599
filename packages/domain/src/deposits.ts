/**
 * Deposits of programmed check-ins (spec 4 Deposit, issue 16; docs/payments.md "Deposits"): the state the
 * operator sees, which way a deposit is secured, and its currency. Pure rules: the API and the web share them.
 */
import { nightsBetween } from './booking-rules.ts';

/** spec 4 Deposit: 0 unknown (skeleton shown), 1 paid, 2 pending (not paid), 3 refunded. */
export const DEPOSIT_UNKNOWN = 0;
export const DEPOSIT_PAID = 1;
export const DEPOSIT_PENDING = 2;
export const DEPOSIT_REFUNDED = 3;
export type DepositState = 0 | 1 | 2 | 3;

/** The guest payment states (guest_payments.status) a deposit can be in; null: none asked yet. */
export type DepositPaymentStatus =
  | 'open'
  | 'authorized'
  | 'paid'
  | 'rejected'
  | 'expired'
  | 'released'
  | 'refunded'
  | 'canceled';

export interface DepositReading {
  state: DepositState;
  /** spec 7 `payment_status`: 'succeeded' when the money is held or taken, else 'pending'. */
  payment_status: 'succeeded' | 'pending';
  /** spec 7 `is_refunded`: the hold was released or the money given back. */
  is_refunded: boolean;
  /** The refund action is offered only when paid (spec 4). */
  can_refund: boolean;
}

/**
 * spec 4: a held card (authorized) or a captured deposit (paid) read as paid, and so does a long stay whose
 * hold lapsed while its card is still saved to charge off-session (`savedCard`: saved and not given up); a
 * released hold or a refund read as refunded; anything else (none, open, rejected, expired, canceled) as
 * pending.
 */
export function depositReading(status: DepositPaymentStatus | null, savedCard = false): DepositReading {
  const lapsedButSaved = savedCard && (status === 'released' || status === 'expired');
  if (status === 'authorized' || status === 'paid' || lapsedButSaved) {
    return { state: DEPOSIT_PAID, payment_status: 'succeeded', is_refunded: false, can_refund: true };
  }
  if (status === 'released' || status === 'refunded') {
    return { state: DEPOSIT_REFUNDED, payment_status: 'pending', is_refunded: true, can_refund: false };
  }
  return { state: DEPOSIT_PENDING, payment_status: 'pending', is_refunded: false, can_refund: false };
}

/**
 * Card-not-present authorisations last about 7 days (stripe.md §1); the operator needs a day after
 * check-out to inspect the unit before capturing. A stay whose check-out plus that day falls inside the
 * window is held; a longer one saves the card instead and charges it off-session only if damage occurs.
 */
export const HOLD_VALID_DAYS = 7;
export const INSPECTION_DAYS = 1;
export type DepositMethod = 'hold' | 'saved_card';

export function depositMethod(today: string, checkOut: string): DepositMethod {
  const days = checkOut <= today ? 0 : nightsBetween(today, checkOut);
  return days + INSPECTION_DAYS < HOLD_VALID_DAYS ? 'hold' : 'saved_card';
}

/** spec 2.4: the deposit is shown in COP for Colombia, EUR otherwise. */
export const depositCurrency = (country: string | null | undefined): 'COP' | 'EUR' =>
  (country ?? '').toUpperCase() === 'CO' ? 'COP' : 'EUR';

/** A damage capture takes at most what is held, and something. */
export const captureAmountError = (amount: number, held: number): 'amount_invalid' | 'over_held' | null =>
  !Number.isInteger(amount) || amount <= 0 ? 'amount_invalid' : amount > held ? 'over_held' : null;
