import { describe, expect, it } from 'vitest';
import { botChatsProperty, describeRule, sourceKind } from './bot-gate.ts';

const property = (id: string, botGPT: boolean) => ({
  id,
  nombre: id,
  logo: null,
  tipo_propiedad: 'apartamento' as const,
  accommodation_units: [],
  botGPT,
  guests: 2,
  currency: 'EUR',
  time_zone: 'Europe/Madrid',
});
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const smart = {
  type: 'empresa' as const,
  plan: 'smart',
  status_subscription: 'subscribed' as const,
  properties: [property(A, true), property(B, false)],
  active_property_id: A,
};

describe('the bot chats button shows only under spec 6', () => {
  it('smart, subscribed and the active property has the bot on', () => {
    expect(botChatsProperty(smart)).toBe(A);
  });
  it('the active property has the bot off', () => {
    expect(botChatsProperty({ ...smart, active_property_id: B })).toBeNull();
  });
  it('another plan, a trial, or no property chosen among several', () => {
    expect(botChatsProperty({ ...smart, plan: 'standard' })).toBeNull();
    expect(botChatsProperty({ ...smart, status_subscription: 'demo' })).toBeNull();
    expect(botChatsProperty({ ...smart, active_property_id: null })).toBeNull();
  });
  it('one property is the active one', () => {
    expect(botChatsProperty({ ...smart, properties: [property(A, true)], active_property_id: null })).toBe(A);
  });
});

describe('the cited source', () => {
  it('a fact or the operator answer', () => {
    expect(sourceKind('fact:wifi')).toEqual({ fact: 'wifi' });
    expect(sourceKind('service:5')).toEqual({ service: true });
    expect(sourceKind('9f3c…')).toEqual({ answer: true });
  });
});

describe('the rule of an action line', () => {
  it('reads the API rules', () => {
    expect(describeRule('allowed_actions:send_door_code')).toEqual({
      kind: 'allowed',
      action: 'send_door_code',
      detail: null,
    });
    expect(describeRule('allowed_actions: late_checkout; free until 12:00')).toEqual({
      kind: 'allowed',
      action: 'late_checkout',
      detail: 'free until 12:00',
    });
    expect(describeRule('not allowed: handover')).toEqual({ kind: 'notAllowed', action: 'handover' });
    expect(describeRule('action_not_allowed:offer_services')).toEqual({
      kind: 'notAllowed',
      action: 'offer_services',
    });
    expect(describeRule('no_knowledge')).toEqual({ kind: 'reason', reason: 'no_knowledge', detail: null });
    expect(describeRule('no knowledge: nothing matches')).toEqual({
      kind: 'reason',
      reason: 'no_knowledge',
      detail: 'nothing matches',
    });
    expect(describeRule('send_door_code: no check-in for this guest')).toEqual({
      kind: 'actionFailed',
      action: 'send_door_code',
      detail: 'no check-in for this guest',
    });
    expect(describeRule('the guest is upset')).toEqual({ kind: 'raw', text: 'the guest is upset' });
  });
});
