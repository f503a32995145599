import { describe, expect, it } from 'vitest';
import { botChatsProperty, sourceKind } from './bot-gate.ts';

const property = (id: string, botGPT: boolean) => ({
  id,
  nombre: id,
  logo: null,
  tipo_propiedad: 'apartamento' as const,
  accommodation_units: [],
  botGPT,
  guests: 2,
  currency: 'EUR',
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
    expect(sourceKind('9f3c…')).toEqual({ answer: true });
  });
});
