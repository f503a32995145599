import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatStayDate, isComplete, renderTemplate } from './message-template.ts';

const booking = {
  guest_name: 'Ana López',
  property_name: 'Casa del Mar',
  arrival: '1 dic 2026',
  departure: '4 dic 2026',
  checkin_link: 'https://posada.example/checkin/customers/previe/p1/?t=abc',
};

describe('renderTemplate', () => {
  it('fills the named variables from the booking', () => {
    const rendered = renderTemplate(
      'Hola {{guest_name}}, te esperamos en {{property_name}} del {{arrival}} al {{departure}}. Check-in: {{checkin_link}}',
      booking,
    );
    expect(rendered.body).toBe(
      'Hola Ana López, te esperamos en Casa del Mar del 1 dic 2026 al 4 dic 2026. Check-in: https://posada.example/checkin/customers/previe/p1/?t=abc',
    );
    expect(rendered.missing).toEqual([]);
    expect(isComplete(rendered)).toBe(true);
  });

  it('keeps the door code out until it is released: the variable stays and the message is incomplete', () => {
    const rendered = renderTemplate('Tu código es {{door_code}}. ¡Hasta pronto, {{guest_name}}!', {
      ...booking,
      door_code: null,
    });
    expect(rendered.body).toBe('Tu código es {{door_code}}. ¡Hasta pronto, Ana López!');
    expect(rendered.missing).toEqual(['door_code']);
    expect(isComplete(rendered)).toBe(false);
    const released = renderTemplate('Tu código es {{door_code}}', { door_code: '482913' });
    expect(released.body).toBe('Tu código es 482913');
  });

  it('sends WhatsApp body parameters in the order the variables appear', () => {
    const rendered = renderTemplate('{{property_name}}: hola {{guest_name}}, llegas el {{arrival}}', booking);
    expect(rendered.params).toEqual(['Casa del Mar', 'Ana López', '1 dic 2026']);
  });

  it('fills numbered placeholders with the values the operator gives, and says when one is missing', () => {
    const template = 'Hola {{1}}, tu reserva {{2}} está confirmada';
    const partial = renderTemplate(template, {}, ['Ana']);
    expect(partial.placeholders).toBe(2);
    expect(isComplete(partial)).toBe(false);
    const full = renderTemplate(template, {}, ['Ana', 'ABC123']);
    expect(full.body).toBe('Hola Ana, tu reserva ABC123 está confirmada');
    expect(full.params).toEqual(['Ana', 'ABC123']);
    expect(isComplete(full)).toBe(true);
  });

  it('leaves unknown names and plain braces alone, and tolerates spaces inside the braces', () => {
    const rendered = renderTemplate('{{ guest_name }} {{unknown}} {single}', booking);
    expect(rendered.body).toBe('Ana López {{unknown}} {single}');
    expect(isComplete(rendered)).toBe(true);
  });

  it('never changes a text without placeholders', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{{')),
        (text) => {
          const rendered = renderTemplate(text, booking);
          expect(rendered.body).toBe(text);
          expect(isComplete(rendered)).toBe(true);
        },
      ),
    );
  });
});

describe('formatStayDate', () => {
  it('writes the stay date in the guest language', () => {
    expect(formatStayDate('2026-12-01', 'es')).toBe('1 dic 2026');
    expect(formatStayDate('2026-12-01', 'en')).toBe('Dec 1, 2026');
  });
});
