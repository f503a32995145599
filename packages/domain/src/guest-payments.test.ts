import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applicationFeeOf,
  canMoveGuestPayment,
  type GuestPaymentState,
  type PaymentForReservation,
  paymentAccountStatusOf,
  requirementTopicsOf,
  reservationPaymentStatus,
} from './guest-payments.ts';

const states: GuestPaymentState[] = [
  'open',
  'authorized',
  'paid',
  'rejected',
  'expired',
  'released',
  'refunded',
  'canceled',
];

describe('guest payment state machine', () => {
  it('moves an open payment forward to paid, rejected, expired, canceled or authorized', () => {
    for (const to of ['paid', 'rejected', 'expired', 'canceled', 'authorized'] as const)
      expect(canMoveGuestPayment('open', to)).toBe(true);
  });

  it('never moves a paid payment back: a late expired, rejected or open changes nothing', () => {
    for (const to of ['open', 'expired', 'rejected', 'canceled', 'authorized', 'released'] as const)
      expect(canMoveGuestPayment('paid', to)).toBe(false);
    expect(canMoveGuestPayment('paid', 'refunded')).toBe(true);
  });

  it('lets a guest retry after a declined card, and money that moved win over an expiry', () => {
    expect(canMoveGuestPayment('rejected', 'paid')).toBe(true);
    expect(canMoveGuestPayment('expired', 'paid')).toBe(true);
    expect(canMoveGuestPayment('canceled', 'paid')).toBe(true);
    expect(canMoveGuestPayment('expired', 'open')).toBe(false);
  });

  it('releases or captures a hold, and a released hold is final', () => {
    expect(canMoveGuestPayment('authorized', 'released')).toBe(true);
    expect(canMoveGuestPayment('authorized', 'paid')).toBe(true);
    for (const to of states) expect(canMoveGuestPayment('released', to)).toBe(false);
  });

  it('never goes back to open from anywhere (property)', () => {
    fc.assert(fc.property(fc.constantFrom(...states), (from) => !canMoveGuestPayment(from, 'open')));
  });

  it('reaches no cycle except a further refund (property: any path of allowed moves is finite)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...states), { maxLength: 30 }), (path) => {
        let at: GuestPaymentState = 'open';
        const seen = new Set<GuestPaymentState>([at]);
        for (const to of path) {
          if (!canMoveGuestPayment(at, to)) continue;
          if (to !== at && seen.has(to)) return false;
          seen.add(to);
          at = to;
        }
        return true;
      }),
    );
  });
});

const pay = (p: Partial<PaymentForReservation>): PaymentForReservation => ({
  kind: 'link',
  status: 'open',
  capturedAmount: 0,
  refundedAmount: 0,
  createdAt: new Date('2026-01-01T10:00:00Z'),
  ...p,
});

describe('reservation payment status from its payments', () => {
  it('is paid once a link is paid', () => {
    expect(reservationPaymentStatus([pay({ status: 'paid', capturedAmount: 5000 })], 'pending')).toBe('paid');
  });

  it('stays paid after a partial refund, refunded after a full one', () => {
    const partial = pay({ status: 'refunded', capturedAmount: 5000, refundedAmount: 2000 });
    expect(reservationPaymentStatus([partial], 'paid')).toBeNull();
    const full = pay({ status: 'refunded', capturedAmount: 5000, refundedAmount: 5000 });
    expect(reservationPaymentStatus([full], 'paid')).toBe('refunded');
  });

  it('is rejected when the newest attempt failed, pending again when a new link is open', () => {
    const failed = pay({ status: 'rejected' });
    expect(reservationPaymentStatus([failed], 'pending')).toBe('rejected');
    const newer = pay({ status: 'open', createdAt: new Date('2026-01-02T10:00:00Z') });
    expect(reservationPaymentStatus([failed, newer], 'rejected')).toBe('pending');
  });

  it('keeps a reservation paid by hand when a link only expired, and ignores deposits', () => {
    expect(reservationPaymentStatus([pay({ status: 'expired' })], 'paid')).toBeNull();
    expect(
      reservationPaymentStatus([pay({ kind: 'deposit', status: 'paid', capturedAmount: 1 })], 'pending'),
    ).toBeNull();
    expect(reservationPaymentStatus([], 'pending')).toBeNull();
  });
});

const account = {
  details_submitted: false,
  charges_enabled: false,
  payouts_enabled: false,
  currently_due: ['external_account', 'tos_acceptance.date'],
  past_due: [] as string[],
  pending_verification: [] as string[],
  disabled_reason: 'requirements.past_due' as string | null,
};

describe('payments account status (stripe.md §0)', () => {
  it('is in progress for a fresh account that has not finished the form', () => {
    expect(paymentAccountStatusOf(account)).toBe('in_progress');
  });

  it('is in progress while Stripe verifies submitted details', () => {
    expect(
      paymentAccountStatusOf({
        ...account,
        details_submitted: true,
        currently_due: [],
        pending_verification: ['individual.verification.document'],
        disabled_reason: 'requirements.pending_verification',
      }),
    ).toBe('in_progress');
  });

  it('is approved when charges and payouts are enabled and nothing is due', () => {
    expect(
      paymentAccountStatusOf({
        ...account,
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        currently_due: [],
        disabled_reason: null,
      }),
    ).toBe('approved');
  });

  it('is restricted when something is past due, rejected when Stripe rejected it', () => {
    expect(
      paymentAccountStatusOf({ ...account, details_submitted: true, past_due: ['external_account'] }),
    ).toBe('restricted');
    expect(
      paymentAccountStatusOf({ ...account, details_submitted: true, disabled_reason: 'rejected.fraud' }),
    ).toBe('rejected');
  });

  it('turns requirement fields into a few topics an operator understands', () => {
    expect(
      requirementTopicsOf([
        'external_account',
        'tos_acceptance.date',
        'individual.verification.document',
        'individual.dob.day',
        'business_profile.url',
      ]),
    ).toEqual(['bank_account', 'identity_document', 'personal_details', 'terms', 'website']);
  });
});

describe('application fee', () => {
  it('takes basis points rounded down, never more than the amount', () => {
    expect(applicationFeeOf(10_000, 150)).toBe(150);
    expect(applicationFeeOf(999, 100)).toBe(9);
    expect(applicationFeeOf(10_000, 0)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 10_000 }), (a, bps) => {
        const fee = applicationFeeOf(a, bps);
        return fee >= 0 && fee <= a;
      }),
    );
  });
});
