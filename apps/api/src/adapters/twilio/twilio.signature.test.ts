import { describe, expect, it } from 'vitest';
import {
  signatureUrlVariants,
  twilioSignature,
  twilioSignedString,
  verifyTwilioSignature,
} from './twilio.signature.ts';

const URL_ = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+12349013030',
  Digits: '1234',
  From: '+12349013030',
  To: '+18005551212',
};

describe('X-Twilio-Signature', () => {
  it('matches the notes’ vector (token 12345) and verifies it', () => {
    expect(twilioSignature('12345', URL_, PARAMS)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    // The same parameters in another order, as a form body: the names are sorted before signing.
    const form = new URLSearchParams([...Object.entries(PARAMS)].reverse());
    expect(verifyTwilioSignature('12345', URL_, form, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
  });

  it('refuses a tampered parameter, an added one, another URL, another token, and no header', () => {
    const sig = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';
    expect(verifyTwilioSignature('12345', URL_, { ...PARAMS, Digits: '1235' }, sig)).toBe(false);
    expect(verifyTwilioSignature('12345', URL_, { ...PARAMS, Extra: '' }, sig)).toBe(false);
    expect(verifyTwilioSignature('12345', `${URL_}&baz=3`, PARAMS, sig)).toBe(false);
    expect(verifyTwilioSignature('54321', URL_, PARAMS, sig)).toBe(false);
    expect(verifyTwilioSignature('12345', URL_, PARAMS, undefined)).toBe(false);
    expect(verifyTwilioSignature('12345', URL_, PARAMS, '')).toBe(false);
    expect(verifyTwilioSignature('12345', URL_, PARAMS, 'short')).toBe(false);
  });

  it('signs every value of a repeated parameter, sorted, whatever order they arrive in', () => {
    const url = 'https://posada.example/api/webhooks/twilio/inbound';
    const a = new URLSearchParams([
      ['MediaUrl', 'https://x.example/b'],
      ['Body', 'hola'],
      ['MediaUrl', 'https://x.example/a'],
    ]);
    const b = new URLSearchParams([
      ['Body', 'hola'],
      ['MediaUrl', 'https://x.example/a'],
      ['MediaUrl', 'https://x.example/b'],
    ]);
    expect(twilioSignedString(url, a)).toBe(
      `${url}BodyholaMediaUrlhttps://x.example/aMediaUrlhttps://x.example/b`,
    );
    const sig = twilioSignature('tok', url, a);
    expect(twilioSignature('tok', url, b)).toBe(sig);
    expect(verifyTwilioSignature('tok', url, b, sig)).toBe(true);
    // Dropping one of the two values breaks it.
    const one = new URLSearchParams([
      ['Body', 'hola'],
      ['MediaUrl', 'https://x.example/a'],
    ]);
    expect(verifyTwilioSignature('tok', url, one, sig)).toBe(false);
  });

  it('a URL with a port is signed with its port; the default port may be written or not', () => {
    const withPort = 'http://127.0.0.1:8123/api/webhooks/twilio/status?d=42';
    const sig = twilioSignature('tok', withPort, { MessageSid: 'SM1' });
    expect(verifyTwilioSignature('tok', withPort, { MessageSid: 'SM1' }, sig)).toBe(true);
    expect(
      verifyTwilioSignature(
        'tok',
        'http://127.0.0.1/api/webhooks/twilio/status?d=42',
        { MessageSid: 'SM1' },
        sig,
      ),
    ).toBe(false);
    expect(
      verifyTwilioSignature(
        'tok',
        'http://127.0.0.1:8124/api/webhooks/twilio/status?d=42',
        { MessageSid: 'SM1' },
        sig,
      ),
    ).toBe(false);

    const signedWith443 = twilioSignature('tok', 'https://posada.example:443/cb', { A: '1' });
    expect(verifyTwilioSignature('tok', 'https://posada.example/cb', { A: '1' }, signedWith443)).toBe(true);
    const signedWithout = twilioSignature('tok', 'https://posada.example/cb', { A: '1' });
    expect(verifyTwilioSignature('tok', 'https://posada.example:443/cb', { A: '1' }, signedWithout)).toBe(
      true,
    );
    expect(signatureUrlVariants('https://a.example:8443/x')).toEqual(['https://a.example:8443/x']);
  });

  it('accepts the previous token during a rotation, and neither an empty token nor an unknown one', () => {
    const sig = twilioSignature('old-token', URL_, PARAMS);
    expect(verifyTwilioSignature(['new-token', 'old-token'], URL_, PARAMS, sig)).toBe(true);
    expect(verifyTwilioSignature(['new-token'], URL_, PARAMS, sig)).toBe(false);
    expect(verifyTwilioSignature(['', 'other'], URL_, PARAMS, twilioSignature('', URL_, PARAMS))).toBe(false);
  });
});
