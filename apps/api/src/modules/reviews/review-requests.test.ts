import { describe, expect, it } from 'vitest';
import { templateParams } from './review-requests.ts';

const values = { name: 'Lucía', property: 'Casa Azul', scale: '10', link: 'https://posada.example/r/abc' };

describe('templateParams', () => {
  it('puts the name first and the link last, whatever the number of parameters', () => {
    expect(templateParams('Puntúa tu estancia: {{1}}', values)).toEqual([values.link]);
    expect(templateParams('Gracias por tu estancia, {{1}}. ¿Nos dejas tu opinión? {{2}}', values)).toEqual([
      'Lucía',
      values.link,
    ]);
    expect(templateParams('{{1}}, ¿qué tal en {{2}}? {{3}}', values)).toEqual([
      'Lucía',
      'Casa Azul',
      values.link,
    ]);
    expect(templateParams('{{1}} {{2}} del 1 al {{3}}: {{4}}', values)).toEqual([
      'Lucía',
      'Casa Azul',
      '10',
      values.link,
    ]);
  });

  it('a template that cannot carry the link is not used', () => {
    expect(templateParams('Gracias por tu estancia', values)).toBeNull();
    expect(templateParams('{{1}} {{2}} {{3}} {{4}} {{5}}', values)).toBeNull();
  });
});
