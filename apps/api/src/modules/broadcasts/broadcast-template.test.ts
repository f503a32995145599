import { describe, expect, it } from 'vitest';
import { formatStayDate, placeholdersOf } from '../../lib/message-template.ts';
import {
  paramsComplete,
  renderTemplate,
  templateVariablesOf,
  usableForBroadcast,
} from './broadcast-template.ts';

const values = {
  guest_name: 'Ana',
  property_name: 'Casa Encinas',
  arrival: '5 dic 2026',
  departure: '9 dic 2026',
};

describe('broadcast templates', () => {
  it('fills named variables in the order they appear', () => {
    const r = renderTemplate('Hola {{guest_name}}, llegas el {{ arrival }} a {{property_name}}.', values);
    expect(r.text).toBe('Hola Ana, llegas el 5 dic 2026 a Casa Encinas.');
    expect(r.bodyParams).toEqual(['Ana', '5 dic 2026', 'Casa Encinas']);
  });

  it("fills Meta's numbered placeholders with the values the operator chose, in number order", () => {
    const body = 'Hola {{1}}, te esperamos el {{2}}. {{1}}, trae tu DNI.';
    expect(placeholdersOf(body)).toBe(2);
    expect(paramsComplete(body, ['guest_name'])).toBe(false);
    expect(paramsComplete(body, ['guest_name', 'arrival'])).toBe(true);
    const r = renderTemplate(body, values, ['guest_name', 'arrival']);
    expect(r.text).toBe('Hola Ana, te esperamos el 5 dic 2026. Ana, trae tu DNI.');
    expect(r.bodyParams).toEqual(['Ana', '5 dic 2026']);
  });

  it('refuses what a broadcast cannot fill: a check-in link, a door code', () => {
    expect(usableForBroadcast('Tu código: {{door_code}}')).toBe(false);
    expect(usableForBroadcast('Completa {{checkin_link}}')).toBe(false);
    expect(usableForBroadcast('Hola {{1}} en {{property_name}}')).toBe(true);
    expect(templateVariablesOf('{{a}} {{b}} {{a}}')).toEqual(['a', 'b']);
  });

  it('writes stay dates in the template language', () => {
    expect(formatStayDate('2026-12-05', 'es')).toBe('5 dic 2026');
    expect(formatStayDate('2026-12-05', 'en')).toBe('Dec 5, 2026');
  });
});
