import { guestDeliveryKinds } from '@posada/contracts/deliveries';
import { describe, expect, it } from 'vitest';
import { AdapterError } from '../../adapters/adapter-error.ts';
import { SmsSendError } from '../../adapters/twilio/types.ts';
import { catalogues, locales } from '../../i18n/messages.ts';
import { deliveryIdOfBounceAddress, parseBounce } from './bounce.ts';
import { failureOf } from './delivery.service.ts';
import { kindRules } from './delivery-kinds.ts';
import { reasonOf } from './delivery-views.ts';

describe('failureOf: what a provider refusal means for the pipeline', () => {
  it("reads WhatsApp's code, whether to try again, and a marketing opt-out", () => {
    const window = Object.assign(
      new AdapterError('whatsapp', 'window_closed', 'Re-engagement message', 400),
      {
        metaCode: 131047,
        temporary: false,
        details: 'more than 24 hours have passed',
      },
    );
    expect(failureOf(window)).toEqual({
      code: '131047',
      detail: 'more than 24 hours have passed',
      temporary: false,
      optOut: null,
    });
    const throttled = Object.assign(new AdapterError('whatsapp', 'rejected', 'rate', 400), {
      metaCode: 130429,
      temporary: true,
    });
    expect(failureOf(throttled)).toMatchObject({ code: '130429', temporary: true });
    const stopped = Object.assign(new AdapterError('whatsapp', 'rejected', 'stop', 400), {
      metaCode: 131050,
    });
    expect(failureOf(stopped).optOut).toBe('marketing');
  });

  it("reads Twilio's code and its opt-out (21610 is the recipient's STOP)", () => {
    const stop = new SmsSendError({
      kind: 'rejected',
      smsKind: 'opted_out',
      providerCode: '21610',
      detail: 'Attempt to send to unsubscribed recipient',
      status: 400,
    });
    expect(failureOf(stop)).toMatchObject({ code: '21610', temporary: false, optOut: 'all' });
    const busy = new SmsSendError({
      kind: 'rejected',
      smsKind: 'rate_limited',
      providerCode: '20429',
      detail: 'x',
      status: 429,
    });
    expect(failureOf(busy)).toMatchObject({ code: '20429', temporary: true, optOut: null });
  });

  it('takes an SMTP 4xx as temporary and a 5xx as final', () => {
    expect(failureOf(new AdapterError('smtp', 'server_error', '451 try later', 451))).toMatchObject({
      code: '451',
      temporary: true,
    });
    expect(failureOf(new AdapterError('smtp', 'rejected', '550 no such user', 550))).toMatchObject({
      code: '550',
      temporary: false,
    });
    expect(failureOf(new AdapterError('smtp', 'timeout', 'no answer'))).toMatchObject({
      code: 'timeout',
      temporary: true,
    });
  });
});

describe('bounces', () => {
  it('ends a delivery on a permanent DSN with the server code, and leaves a delay alone', () => {
    const dsn = [
      'Reporting-MTA: dns; mx.example.com',
      '',
      'Final-Recipient: rfc822; ana@example.com',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 <ana@example.com>: Recipient address rejected: User unknown',
    ].join('\n');
    expect(parseBounce(dsn)).toEqual({
      code: '550',
      detail: '550 5.1.1 <ana@example.com>: Recipient address rejected: User unknown',
    });
    expect(parseBounce('Action: delayed\nStatus: 4.4.7\nDiagnostic-Code: smtp; 451 try later')).toBeNull();
    expect(parseBounce('Hola, gracias por todo')).toBeNull();
  });

  it('finds the delivery in the bounce address of our domain only', () => {
    const id = '0b6f6d8e-3a5e-4c1e-9d7e-2f1b2c3d4e5f';
    expect(deliveryIdOfBounceAddress(`bounce+${id}@mail.posada.app`, 'mail.posada.app')).toBe(id);
    expect(deliveryIdOfBounceAddress(`bounce+${id}@evil.example`, 'mail.posada.app')).toBeNull();
    expect(deliveryIdOfBounceAddress(`bounce+${id}@mail.posada.app`, null)).toBeNull();
  });
});

describe('kinds and reasons', () => {
  it('sends one-time codes only as AUTHENTICATION templates and links never as them', () => {
    expect(kindRules.verification_code.categories).toEqual(['AUTHENTICATION']);
    for (const [kind, rule] of Object.entries(kindRules)) {
      if (rule.needsLink) expect(rule.categories, kind).not.toContain('AUTHENTICATION');
      if (kind === 'door_code' || kind === 'checkin_link') expect(rule.categories).toEqual(['UTILITY']);
    }
    for (const kind of guestDeliveryKinds) expect(kindRules[kind].audience).toBe('guest');
  });

  it('explains every skip and the common provider codes in es, en and ar', () => {
    const codes = [
      'no_template',
      'whatsapp_not_connected',
      'sms_not_configured',
      'email_not_configured',
      'opted_out',
    ];
    for (const locale of locales) {
      for (const code of codes) {
        expect(
          reasonOf({ channel: 'whatsapp', errorCode: code, errorDetail: null, status: 'skipped' }, locale),
        ).not.toMatch(/delivery\.reason/);
      }
      expect(catalogues[locale]['delivery.reason.whatsapp.131047']).toBeTruthy();
      expect(catalogues[locale]['delivery.reason.sms.30003']).toBeTruthy();
    }
    expect(
      reasonOf({ channel: 'whatsapp', errorCode: '131047', errorDetail: null, status: 'failed' }, 'en'),
    ).toMatch(/24 hours/);
    expect(
      reasonOf({ channel: 'email', errorCode: '552', errorDetail: 'mailbox full', status: 'failed' }, 'es'),
    ).toMatch(/mailbox full/);
    expect(
      reasonOf({ channel: 'sms', errorCode: '99999', errorDetail: 'odd', status: 'failed' }, 'es'),
    ).toMatch(/99999/);
  });
});
