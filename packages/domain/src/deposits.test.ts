import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './booking-rules.ts';
import {
  captureAmountError,
  DEPOSIT_PAID,
  DEPOSIT_PENDING,
  DEPOSIT_REFUNDED,
  type DepositPaymentStatus,
  depositCurrency,
  depositMethod,
  depositReading,
} from './deposits.ts';

describe('depositReading (spec 4 Deposit 0..3)', () => {
  it('a held or captured deposit reads paid, with the refund offered', () => {
    for (const status of ['authorized', 'paid'] as const) {
      expect(depositReading(status)).toEqual({
        state: DEPOSIT_PAID,
        payment_status: 'succeeded',
        is_refunded: false,
        can_refund: true,
      });
    }
  });

  it('a released hold or a refund reads refunded, no refund offered', () => {
    for (const status of ['released', 'refunded'] as const) {
      const r = depositReading(status);
      expect(r.state).toBe(DEPOSIT_REFUNDED);
      expect(r.is_refunded).toBe(true);
      expect(r.can_refund).toBe(false);
    }
  });

  it('nothing asked, an open session, a failed, expired or withdrawn one read pending', () => {
    for (const status of [null, 'open', 'rejected', 'expired', 'canceled'] as const) {
      expect(depositReading(status)).toMatchObject({ state: DEPOSIT_PENDING, payment_status: 'pending' });
      expect(depositReading(status).can_refund).toBe(false);
    }
  });

  it('a long stay whose hold lapsed reads paid while its card is saved, refunded once given up', () => {
    expect(depositReading('released', true).state).toBe(DEPOSIT_PAID);
    expect(depositReading('expired', true).state).toBe(DEPOSIT_PAID);
    expect(depositReading('released', false).state).toBe(DEPOSIT_REFUNDED);
    expect(depositReading('open', true).state).toBe(DEPOSIT_PENDING);
  });

  it('the refund is offered exactly when the state is paid', () => {
    const statuses: (DepositPaymentStatus | null)[] = [
      null,
      'open',
      'authorized',
      'paid',
      'rejected',
      'expired',
      'released',
      'refunded',
      'canceled',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...statuses), fc.boolean(), (status, saved) => {
        const r = depositReading(status, saved);
        expect(r.can_refund).toBe(r.state === DEPOSIT_PAID);
        expect(r.is_refunded).toBe(r.state === DEPOSIT_REFUNDED);
      }),
    );
  });
});

describe('depositMethod (hold or saved card by stay length)', () => {
  it('holds the card when check-out plus a day of inspection falls inside the 7-day window', () => {
    expect(depositMethod('2026-11-25', '2026-11-28')).toBe('hold');
    expect(depositMethod('2026-11-25', '2026-11-30')).toBe('hold');
  });

  it('saves the card for a longer stay', () => {
    expect(depositMethod('2026-11-25', '2026-12-01')).toBe('saved_card');
    expect(depositMethod('2026-11-25', '2027-01-10')).toBe('saved_card');
  });

  it('is monotonic: a later check-out never switches back to a hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), (a, b) => {
        const today = '2026-03-01';
        const [near, far] = a <= b ? [a, b] : [b, a];
        if (depositMethod(today, addDays(today, near)) === 'saved_card') {
          expect(depositMethod(today, addDays(today, far))).toBe('saved_card');
        }
      }),
    );
  });
});

describe('depositCurrency and captureAmountError', () => {
  it('COP for Colombia, EUR otherwise', () => {
    expect(depositCurrency('CO')).toBe('COP');
    expect(depositCurrency('co')).toBe('COP');
    expect(depositCurrency('ES')).toBe('EUR');
    expect(depositCurrency(null)).toBe('EUR');
  });

  it('a damage capture is positive and at most what is held', () => {
    expect(captureAmountError(5000, 15000)).toBeNull();
    expect(captureAmountError(15000, 15000)).toBeNull();
    expect(captureAmountError(15001, 15000)).toBe('over_held');
    expect(captureAmountError(0, 15000)).toBe('amount_invalid');
    expect(captureAmountError(1.5, 15000)).toBe('amount_invalid');
  });
});
