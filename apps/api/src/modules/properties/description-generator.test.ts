import { describe, expect, it } from 'vitest';
import {
  createChatCompletionsGenerator,
  descriptionPrompt,
  parseGeneratedDescription,
} from './description-generator.ts';

describe('AI description parsing', () => {
  it('reads a bare JSON object, a fenced one and one inside prose', () => {
    const expected = { es: 'Hola', en: 'Hello', ar: 'مرحبا' };
    expect(parseGeneratedDescription('{"es":"Hola","en":"Hello","ar":"مرحبا"}')).toEqual(expected);
    expect(parseGeneratedDescription('```json\n{"es":" Hola ","en":"Hello","ar":"مرحبا"}\n```')).toEqual(
      expected,
    );
    expect(parseGeneratedDescription('Aquí está: {"ES":"Hola","EN":"Hello","AR":"مرحبا"} ¡listo!')).toEqual(
      expected,
    );
  });

  it('gives null for anything without all three texts', () => {
    expect(parseGeneratedDescription('')).toBeNull();
    expect(parseGeneratedDescription('{"es":"Hola","en":"Hello"}')).toBeNull();
    expect(parseGeneratedDescription('{"es":"Hola","en":"Hello","ar":""}')).toBeNull();
    expect(parseGeneratedDescription('{"es":1,"en":"Hello","ar":"x"}')).toBeNull();
    expect(parseGeneratedDescription('{broken')).toBeNull();
    expect(parseGeneratedDescription('[1,2]')).toBeNull();
  });

  it('puts the facts in the prompt and invents none', () => {
    const prompt = descriptionPrompt({ tipo: 'hotel', nombre: 'Hotel Sol', services: ['pets_allowed'] });
    expect(prompt).toContain('Type: hotel');
    expect(prompt).toContain('Name: Hotel Sol');
    expect(prompt).toContain('pets allowed');
    expect(prompt).not.toContain('City:');
  });

  it('turns a network failure into the provider error', async () => {
    const generator = createChatCompletionsGenerator({
      baseUrl: 'http://llm.invalid/v1/',
      model: 'm',
      fetchImpl: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(generator.generate({ tipo: 'villa', nombre: 'X' })).rejects.toMatchObject({
      code: 'ai.provider_error',
      status: 502,
    });
  });
});
