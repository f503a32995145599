import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  oneLine,
  parseTemplateComponents,
  type SendableTemplate,
  TEMPLATE_BODY_MAX,
} from './whatsapp-templates.ts';

const template = (over: Partial<SendableTemplate> = {}): SendableTemplate => ({
  name: 'checkin_link',
  language: 'es',
  category: 'UTILITY',
  parameterFormat: 'POSITIONAL',
  body: 'Hola {{1}}, completa tu check-in online para {{2}} aquí: {{3}}',
  components: null,
  ...over,
});

describe("Meta's template components", () => {
  it('reads the header format and variables, body variables and each button as Meta lists them', () => {
    expect(
      parseTemplateComponents([
        { type: 'HEADER', format: 'TEXT', text: 'Reserva {{1}}' },
        { type: 'BODY', text: 'Hola {{1}}, tu llegada es el {{2}}. {{1}}' },
        { type: 'FOOTER', text: 'Posada' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'URL', text: 'Check-in', url: 'https://posada.app/c/{{1}}' },
            { type: 'URL', text: 'Web', url: 'https://posada.app' },
            { type: 'QUICK_REPLY', text: 'Gracias' },
          ],
        },
      ]),
    ).toEqual({
      header: { format: 'TEXT', variables: 1 },
      bodyVariables: 2,
      bodyNames: [],
      buttons: [
        { type: 'URL', url: 'https://posada.app/c/{{1}}', variables: 1 },
        { type: 'URL', url: 'https://posada.app', variables: 0 },
        { type: 'QUICK_REPLY', variables: 0 },
      ],
    });
  });

  it('NAMED bodies list their names in order; media headers take no text; OTP buttons take the code', () => {
    expect(
      parseTemplateComponents([
        { type: 'header', format: 'image' },
        { type: 'body', text: 'Hola {{guest_name}}, {{property_name}} te espera. {{guest_name}}' },
        { type: 'buttons', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copiar' }] },
      ]),
    ).toEqual({
      header: { format: 'IMAGE', variables: 0 },
      bodyVariables: 0,
      bodyNames: ['guest_name', 'property_name'],
      buttons: [{ type: 'OTP', variables: 1 }],
    });
    expect(parseTemplateComponents([{ type: 'BODY', text: 'Sin variables' }]).header).toEqual({
      format: 'NONE',
      variables: 0,
    });
  });
});

describe('filling a template from a message', () => {
  const order = ['guest_name', 'property_name', 'link'] as const;
  const values = { guest_name: 'Ana', property_name: 'Casa Azul', link: 'https://posada.app/c/abc' };

  it('POSITIONAL: the values in the kind’s order, the link last', () => {
    expect(fillTemplate(template(), values, order)).toEqual({
      ok: true,
      bodyParams: ['Ana', 'Casa Azul', 'https://posada.app/c/abc'],
      bodyNames: [],
      headerParams: [],
      buttonParams: [],
      text: 'Hola Ana, completa tu check-in online para Casa Azul aquí: https://posada.app/c/abc',
    });
  });

  it('a URL button ending in {{1}} carries the link’s suffix instead of the body', () => {
    const t = template({
      body: 'Hola {{1}}, tu check-in para {{2}} está listo.',
      components: {
        header: { format: 'NONE', variables: 0 },
        bodyVariables: 2,
        bodyNames: [],
        buttons: [{ type: 'URL', url: 'https://posada.app/c/{{1}}', variables: 1 }],
      },
    });
    const filled = fillTemplate(t, values, order);
    expect(filled).toMatchObject({
      ok: true,
      bodyParams: ['Ana', 'Casa Azul'],
      buttonParams: [{ index: 0, subType: 'url', value: 'abc' }],
    });
    // A link on another host cannot go through that button: nothing invented goes out.
    expect(fillTemplate(t, { ...values, link: 'https://other.example/abc' }, order)).toEqual({
      ok: false,
      reason: 'link',
    });
  });

  it('NAMED: by name (or a usual alias); a name the message cannot fill makes it unusable', () => {
    const t = template({
      parameterFormat: 'NAMED',
      body: 'Hola {{first_name}}, bienvenida a {{property_name}}: {{checkin_url}}',
      components: {
        header: { format: 'NONE', variables: 0 },
        bodyVariables: 0,
        bodyNames: ['first_name', 'property_name', 'checkin_url'],
        buttons: [],
      },
    });
    expect(fillTemplate(t, values, order)).toMatchObject({
      ok: true,
      bodyNames: ['first_name', 'property_name', 'checkin_url'],
      bodyParams: ['Ana', 'Casa Azul', 'https://posada.app/c/abc'],
      text: 'Hola Ana, bienvenida a Casa Azul: https://posada.app/c/abc',
    });
    expect(fillTemplate(t, { guest_name: 'Ana', link: 'x' }, order)).toEqual({
      ok: false,
      reason: 'unfillable',
    });
  });

  it('a NAMED text header cannot be filled (its parameter_name has no place): unusable, not sent wrong', () => {
    const t = template({
      parameterFormat: 'NAMED',
      body: 'Hola {{guest_name}}',
      components: {
        header: { format: 'TEXT', variables: 1 },
        bodyVariables: 0,
        bodyNames: ['guest_name'],
        buttons: [],
      },
    });
    expect(fillTemplate(t, { ...values, header: 'Reserva' }, order)).toEqual({
      ok: false,
      reason: 'unfillable',
    });
  });

  it('authentication OTP buttons take the code with sub type url (Meta’s copy-code send)', () => {
    const t = template({
      name: 'posada_code',
      category: 'AUTHENTICATION',
      body: '{{1}} es tu código de verificación.',
      components: {
        header: { format: 'NONE', variables: 0 },
        bodyVariables: 1,
        bodyNames: [],
        buttons: [{ type: 'OTP', variables: 1 }],
      },
    });
    expect(fillTemplate(t, { code: '123456' }, ['code'])).toMatchObject({
      ok: true,
      bodyParams: ['123456'],
      buttonParams: [{ index: 0, subType: 'url', value: '123456' }],
    });
  });

  it('parameters are one line (no new lines, tabs or runs of spaces), never empty; media headers and too long bodies are refused', () => {
    expect(oneLine('Puerta:\n\t1234     planta 2 ')).toBe('Puerta: 1234 planta 2');
    expect(oneLine('   ')).toBe('—');
    const filled = fillTemplate(template(), { ...values, guest_name: 'Ana\nMaría' }, order);
    expect(filled.ok && filled.bodyParams[0]).toBe('Ana María');
    // An empty value is missing, not a blank parameter.
    expect(fillTemplate(template(), { ...values, property_name: '' }, order)).toEqual({
      ok: false,
      reason: 'unfillable',
    });
    const media = template({
      components: {
        header: { format: 'IMAGE', variables: 0 },
        bodyVariables: 3,
        bodyNames: [],
        buttons: [],
      },
    });
    expect(fillTemplate(media, values, order)).toEqual({ ok: false, reason: 'media_header' });
    const long = fillTemplate(template(), { ...values, property_name: 'x'.repeat(TEMPLATE_BODY_MAX) }, order);
    expect(long).toEqual({ ok: false, reason: 'too_long' });
  });
});
