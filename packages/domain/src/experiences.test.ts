import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billableQuantity,
  canApplyServiceAction,
  capturesOnApproval,
  initialRequestStatus,
  localized,
  priceTypes,
  SERVICE_QUANTITY_MAX,
  type ServiceRequestAction,
  type ServiceRequestStatus,
  servicePaymentModes,
  serviceRequestStatuses,
  serviceTotal,
} from './experiences.ts';

describe('canApplyServiceAction (spec 4)', () => {
  const allowed = (
    action: ServiceRequestAction,
    mode: (typeof servicePaymentModes)[number] = 'at_property',
  ) => serviceRequestStatuses.filter((s) => canApplyServiceAction(s, action, mode));

  it('approves only a pending request', () => {
    expect(allowed('approve')).toEqual(['pending']);
    expect(allowed('approve', 'online')).toEqual(['pending']);
  });

  it('rejects a pending or approved request, never a rejected or paid one', () => {
    expect(allowed('reject')).toEqual(['pending', 'approved']);
  });

  it('confirms a payment of a pending or approved request that has something to pay', () => {
    expect(allowed('confirm_payment', 'at_property')).toEqual(['pending', 'approved']);
    expect(allowed('confirm_payment', 'online')).toEqual(['pending', 'approved']);
    expect(allowed('confirm_payment', 'free')).toEqual([]);
  });

  it('discards anything but a paid request', () => {
    expect(allowed('discard')).toEqual(['pending', 'approved', 'rejected']);
  });

  it('paid is final: only discard was ever possible and it is refused too', () => {
    const actions: ServiceRequestAction[] = ['approve', 'reject', 'confirm_payment', 'discard'];
    fc.assert(
      fc.property(fc.constantFrom(...actions), fc.constantFrom(...servicePaymentModes), (action, mode) => {
        expect(canApplyServiceAction('paid', action, mode)).toBe(false);
      }),
    );
  });

  it('a rejected request can only be discarded', () => {
    const can = (s: ServiceRequestStatus, a: ServiceRequestAction) => canApplyServiceAction(s, a, 'online');
    expect(
      ['approve', 'reject', 'confirm_payment', 'discard'].filter((a) =>
        can('rejected', a as ServiceRequestAction),
      ),
    ).toEqual(['discard']);
  });
});

describe('billableQuantity and serviceTotal', () => {
  it('a group price is one price whatever the size; the other types multiply', () => {
    expect(billableQuantity('group', 8)).toBe(1);
    expect(billableQuantity('person', 3)).toBe(3);
    expect(billableQuantity('unit', 2)).toBe(2);
    expect(billableQuantity('day', 4)).toBe(4);
    expect(billableQuantity('hour', 5)).toBe(5);
  });

  it('totals in minor units: price × what the type bills', () => {
    expect(serviceTotal('person', 2_500, 3)).toBe(7_500);
    expect(serviceTotal('group', 12_000, 6)).toBe(12_000);
    expect(serviceTotal('hour', 1_999, 2)).toBe(3_998);
    expect(serviceTotal('unit', 0, 4)).toBe(0);
  });

  it('is an integer, never below the price, and the price itself for one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...priceTypes),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: SERVICE_QUANTITY_MAX }),
        (type, price, quantity) => {
          const total = serviceTotal(type, price, quantity);
          expect(Number.isInteger(total)).toBe(true);
          expect(total).toBeGreaterThanOrEqual(price);
          expect(serviceTotal(type, price, 1)).toBe(price);
          expect(total).toBe(type === 'group' ? price : price * quantity);
        },
      ),
    );
  });
});

describe('initialRequestStatus and capturesOnApproval', () => {
  it('automatic confirmation approves at once; manual waits for the operator', () => {
    expect(initialRequestStatus('automatic')).toBe('approved');
    expect(initialRequestStatus('manual')).toBe('pending');
  });

  it('a manual service holds the card until approval; an automatic one takes the money at once', () => {
    expect(capturesOnApproval('manual')).toBe(true);
    expect(capturesOnApproval('automatic')).toBe(false);
  });
});

describe('localized', () => {
  const text = { es: 'Traslado', en: 'Transfer', ar: 'نقل' };

  it("answers the guest's language", () => {
    expect(localized(text, 'es')).toBe('Traslado');
    expect(localized(text, 'en')).toBe('Transfer');
    expect(localized(text, 'ar')).toBe('نقل');
  });

  it('falls back to Spanish for a missing, empty or blank translation and for other languages', () => {
    expect(localized({ es: 'Desayuno' }, 'en')).toBe('Desayuno');
    expect(localized({ es: 'Desayuno', en: '', ar: null }, 'en')).toBe('Desayuno');
    expect(localized({ es: 'Desayuno', en: '   ', ar: null }, 'ar')).toBe('Desayuno');
    expect(localized(text, 'fr')).toBe('Traslado');
  });
});
