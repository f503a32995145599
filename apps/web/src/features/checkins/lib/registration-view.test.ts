import { registrationBadges } from '@posada/contracts/authorities';
import { describe, expect, it } from 'vitest';
import {
  errorGuestName,
  isAlarming,
  isInFlight,
  parseRegistrationsParams,
  registrationsFilterCount,
  registrationsParamsToSearch,
  registrationTone,
  sendAction,
  sendOutcome,
  toneColor,
  toRegistrationsQuery,
  withRegistrationsChange,
} from './registration-view.ts';

describe('the registration badge of a state', () => {
  it('shows queued and sending as pending, and any unsettled one past the 12-hour mark as overdue in red', () => {
    expect(registrationTone('queued')).toBe('pending');
    expect(registrationTone('sending')).toBe('pending');
    expect(registrationTone('queued', true)).toBe('overdue');
    expect(registrationTone('sent', true)).toBe('overdue');
    expect(registrationTone('needs_action', true)).toBe('overdue');
    expect(toneColor('overdue')).toBe('red');
  });

  it('keeps a settled state whatever the deadline: an accepted one is never overdue', () => {
    expect(registrationTone('accepted', true)).toBe('accepted');
    expect(registrationTone('rejected', true)).toBe('rejected');
    expect(registrationTone('cancelled', true)).toBe('cancelled');
  });

  it('paints rejected and overdue red, accepted green, and only those two raise the alert', () => {
    expect(toneColor(registrationTone('rejected'))).toBe('red');
    expect(toneColor(registrationTone('accepted'))).toBe('teal');
    expect(toneColor(registrationTone('needs_action'))).toBe('orange');
    const alarming = registrationBadges.filter((b) => isAlarming(registrationTone(b)));
    expect(alarming).toEqual(['rejected']);
    expect(isAlarming(registrationTone('sent', true))).toBe(true);
  });

  it('has a colour for every badge the API can answer', () => {
    for (const badge of registrationBadges) {
      expect(toneColor(registrationTone(badge)), badge).toMatch(/^[a-z]+$/);
      expect(toneColor(registrationTone(badge, true)), badge).toMatch(/^[a-z]+$/);
    }
  });
});

describe('send now or re-send', () => {
  it('sends what was never accepted, re-sends (a correction) what was, and waits while it is with the authority', () => {
    expect(sendAction(null)).toBe('send');
    expect(sendAction('queued')).toBe('send');
    expect(sendAction('rejected')).toBe('send');
    expect(sendAction('needs_action')).toBe('send');
    expect(sendAction('accepted')).toBe('resend');
    expect(sendAction('sending')).toBeNull();
    expect(sendAction('sent')).toBeNull();
    expect(sendAction('cancelling')).toBeNull();
  });
});

describe('the toast after a send', () => {
  it('says sent only when the authority has it, on its way while queued, and stopped otherwise', () => {
    expect(sendOutcome('sent')).toBe('sent');
    expect(sendOutcome('accepted')).toBe('sent');
    expect(sendOutcome('queued')).toBe('queued');
    expect(sendOutcome('sending')).toBe('queued');
    expect(sendOutcome('needs_action')).toBe('stopped');
    expect(sendOutcome('rejected')).toBe('stopped');
    expect(sendOutcome(null)).toBe('stopped');
  });

  it('keeps asking while the registration is out with the authority or on its way', () => {
    expect(['queued', 'sending', 'sent', 'cancelling'].every((s) => isInFlight(s as never))).toBe(true);
    expect(
      ['accepted', 'rejected', 'needs_action', 'cancelled', 'superseded'].some((s) => isInFlight(s as never)),
    ).toBe(false);
    expect(isInFlight(null)).toBe(false);
  });
});

describe('registrations page filters in the URL', () => {
  it('reads known filters and drops unknown values', () => {
    const state = parseRegistrationsParams(
      new URLSearchParams('state=rejected&kind=PV&from=2026-11-01&to=2026-11-30&overdue=true&page=3'),
    );
    expect(state).toEqual({
      state: 'rejected',
      kind: 'PV',
      property_id: undefined,
      from: '2026-11-01',
      to: '2026-11-30',
      overdue: true,
      page: 3,
    });
    expect(parseRegistrationsParams(new URLSearchParams('state=lost&kind=XX&from=ayer&page=-2'))).toEqual({
      state: undefined,
      kind: undefined,
      property_id: undefined,
      from: undefined,
      to: undefined,
      overdue: undefined,
      page: 1,
    });
  });

  it('round-trips through the URL and goes back to page 1 on a filter change', () => {
    const state = parseRegistrationsParams(new URLSearchParams('state=accepted&page=2'));
    expect(registrationsParamsToSearch(state).toString()).toBe('state=accepted&page=2');
    const changed = withRegistrationsChange(state, { kind: 'RH' });
    expect(changed.page).toBe(1);
    expect(registrationsParamsToSearch(changed).toString()).toBe('state=accepted&kind=RH');
    expect(registrationsFilterCount(changed)).toBe(2);
  });

  it('asks the API for a page, and for the whole filtered record when exporting the CSV', () => {
    const state = parseRegistrationsParams(new URLSearchParams('overdue=true&page=2'));
    expect(toRegistrationsQuery(state)).toEqual({ overdue: 'true', page: 2, page_size: 25 });
    expect(toRegistrationsQuery(state, false)).toEqual({ overdue: 'true' });
  });
});

describe('the guest an authority error names', () => {
  it('is the check-in guest at that 1-based position, or none', () => {
    const names = ['Lucía García López', 'Oliver Smith'];
    expect(errorGuestName(2, names)).toBe('Oliver Smith');
    expect(errorGuestName(1, names)).toBe('Lucía García López');
    expect(errorGuestName(3, names)).toBeNull();
    expect(errorGuestName(undefined, names)).toBeNull();
    expect(errorGuestName(0, names)).toBeNull();
  });
});
