import type { GenerateDescriptionBody, LocalizedText } from '@posada/contracts/properties';
import { createLlmClient, type LlmClient } from '../../adapters/llm/llm.client.ts';
import { propertiesErrors } from './properties.errors.ts';

/** Writes a short property description in es, en and ar. */
export interface DescriptionGenerator {
  generate(input: GenerateDescriptionBody): Promise<LocalizedText>;
}

const serviceNames: Record<string, string> = {
  oven: 'oven',
  pets_allowed: 'pets allowed',
  wifi: 'Wi-Fi',
  essentials: 'essentials (towels, bed linen, soap)',
  washing_machine: 'washing machine',
  air_conditioning: 'air conditioning',
  heating: 'heating',
  parking: 'parking',
  children_allowed: 'children welcome',
  refrigerator: 'refrigerator',
};

export function descriptionPrompt(input: GenerateDescriptionBody): string {
  const facts = [
    `Type: ${input.tipo}`,
    input.nombre ? `Name: ${input.nombre}` : null,
    input.city ? `City: ${input.city}` : null,
    input.guests ? `Guests: ${input.guests}` : null,
    input.services?.length
      ? `Amenities: ${input.services.map((s) => serviceNames[s] ?? s).join(', ')}`
      : null,
  ].filter(Boolean);
  return [
    'Write a short, warm and factual listing description (2 to 4 sentences, no more than 600 characters)',
    'for this accommodation, for guests who are about to book. Do not invent amenities or facts.',
    'Answer with only a JSON object with the keys "es" (Spanish), "en" (English) and "ar" (Arabic),',
    'each holding the description in that language.',
    '',
    ...facts,
  ].join('\n');
}

/**
 * The model's answer as {es, en, ar}: a JSON object, possibly wrapped in a code fence or prose.
 * Null when it holds no usable text in all three languages.
 */
export function parseGeneratedDescription(content: string): LocalizedText | null {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  let value: unknown;
  try {
    value = JSON.parse(content.slice(start, end + 1));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const pick = (key: string) => {
    const text = record[key] ?? record[key.toUpperCase()];
    return typeof text === 'string' ? text.trim().slice(0, 5000) : '';
  };
  const result = { es: pick('es'), en: pick('en'), ar: pick('ar') };
  return result.es && result.en && result.ar ? result : null;
}

/** The description generator on the LLM adapter; any failure of the provider reads as 'ai.provider_error'. */
export function createDescriptionGenerator(llm: LlmClient): DescriptionGenerator {
  return {
    async generate(input) {
      let content: string;
      try {
        content = await llm.complete(
          [
            {
              role: 'system',
              content: 'You write accommodation listings. You always answer with a single JSON object.',
            },
            { role: 'user', content: descriptionPrompt(input) },
          ],
          { json: true, temperature: 0.7 },
        );
      } catch {
        throw propertiesErrors.aiProviderError();
      }
      const parsed = parseGeneratedDescription(content);
      if (!parsed) throw propertiesErrors.aiProviderError();
      return parsed;
    },
  };
}

/** An OpenAI-compatible Chat Completions endpoint (`${baseUrl}/chat/completions`), client and generator in one. */
export function createChatCompletionsGenerator(
  opts: Parameters<typeof createLlmClient>[0],
): DescriptionGenerator {
  return createDescriptionGenerator(createLlmClient(opts));
}
