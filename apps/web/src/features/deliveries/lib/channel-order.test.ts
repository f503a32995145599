import { guestDeliveryKinds } from '@posada/contracts/deliveries';
import { describe, expect, it } from 'vitest';
import {
  addChannel,
  errorsByKind,
  moveChannel,
  orderErrors,
  orderOf,
  preferencesBody,
  removeChannel,
  sameOrder,
  unusedChannels,
} from './channel-order.ts';

describe('the channel order per guest message', () => {
  it('reads every guest kind from the answer, the default for a kind it left out', () => {
    const order = orderOf([{ kind: 'door_code', channels: ['sms', 'sms', 'email'] }]);
    expect(Object.keys(order)).toEqual([...guestDeliveryKinds]);
    expect(order.door_code).toEqual(['sms', 'email']);
    expect(order.checkin_link).toEqual(['whatsapp', 'sms', 'email']);
  });

  it('moves a channel up and down, and nothing past the ends', () => {
    expect(moveChannel(['whatsapp', 'sms', 'email'], 'sms', -1)).toEqual(['sms', 'whatsapp', 'email']);
    expect(moveChannel(['whatsapp', 'sms', 'email'], 'sms', 1)).toEqual(['whatsapp', 'email', 'sms']);
    expect(moveChannel(['whatsapp', 'sms'], 'whatsapp', -1)).toEqual(['whatsapp', 'sms']);
    expect(moveChannel(['whatsapp', 'sms'], 'sms', 1)).toEqual(['whatsapp', 'sms']);
  });

  it('keeps at least one channel, and adds each once at the end', () => {
    expect(removeChannel(['email'], 'email')).toEqual(['email']);
    expect(removeChannel(['whatsapp', 'email'], 'whatsapp')).toEqual(['email']);
    expect(addChannel(['email'], 'whatsapp')).toEqual(['email', 'whatsapp']);
    expect(addChannel(['email'], 'email')).toEqual(['email']);
    expect(unusedChannels(['email'])).toEqual(['whatsapp', 'sms']);
  });

  it('refuses an empty kind before asking the server, and sends only the kinds that changed', () => {
    const order = orderOf([]);
    expect(orderErrors(order)).toEqual([]);
    expect(orderErrors({ ...order, payment_link: [] })).toEqual(['payment_link']);
    const body = preferencesBody({ ...order, review_request: ['email'], checkin_link: ['sms'] }, order);
    expect(body.preferences).toEqual([
      { kind: 'checkin_link', channels: ['sms'] },
      { kind: 'review_request', channels: ['email'] },
    ]);
    expect(preferencesBody(order).preferences.map((p) => p.kind)).toEqual([...guestDeliveryKinds]);
    expect(sameOrder(order, orderOf([]))).toBe(true);
    expect(sameOrder(order, { ...order, door_code: ['sms'] })).toBe(false);
  });

  it("marks the kinds the server refused, by the sent body's order", () => {
    const body = preferencesBody(
      { ...orderOf([]), door_code: ['sms'], payment_link: ['email'] },
      orderOf([]),
    );
    expect(
      errorsByKind(
        {
          'preferences.1.channels': ['Elige al menos un canal'],
          'preferences.1.channels.0': ['otro'],
          other: ['x'],
        },
        body,
      ),
    ).toEqual({ payment_link: 'Elige al menos un canal' });
  });
});
