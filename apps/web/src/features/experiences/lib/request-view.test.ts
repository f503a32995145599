import { describe, expect, it } from 'vitest';
import { paymentState, requestActions, whatsappUrl } from './request-view.ts';

const online = (status: string | null, requestStatus: 'pending' | 'approved' | 'paid' = 'pending') => ({
  payment_mode: 'online' as const,
  status: requestStatus,
  payment: status ? { id: 'p', status, amount: 100, currency: 'EUR', checkout_url: null } : null,
});

describe('requests list', () => {
  it('tells a held card from a paid one, money at the property and a free service', () => {
    expect(paymentState(online('authorized'))).toBe('online_held');
    expect(paymentState(online('paid', 'paid'))).toBe('online_paid');
    expect(paymentState(online(null))).toBe('online_open');
    expect(paymentState(online('expired'))).toBe('online_failed');
    expect(paymentState({ payment_mode: 'at_property', status: 'approved', payment: null })).toBe(
      'at_property',
    );
    expect(paymentState({ payment_mode: 'at_property', status: 'paid', payment: null })).toBe(
      'at_property_paid',
    );
    expect(paymentState({ payment_mode: 'free', status: 'approved', payment: null })).toBe('free');
  });

  it('offers only the actions the request allows (spec 4)', () => {
    expect(requestActions({ status: 'pending', payment_mode: 'at_property' })).toEqual([
      'approve',
      'confirm-payment',
      'reject',
      'discard',
    ]);
    expect(requestActions({ status: 'approved', payment_mode: 'free' })).toEqual(['reject', 'discard']);
    expect(requestActions({ status: 'rejected', payment_mode: 'online' })).toEqual(['discard']);
    expect(requestActions({ status: 'paid', payment_mode: 'online' })).toEqual([]);
  });

  it('links a phone to a WhatsApp chat by its digits', () => {
    expect(whatsappUrl('+34 600 111 222')).toBe('https://wa.me/34600111222');
    expect(whatsappUrl('')).toBeNull();
  });
});
