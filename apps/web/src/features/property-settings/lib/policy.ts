/**
 * spec 3 Accommodation settings: in the policies, a placeholder stands for the accommodation name.
 * Guests see the text with the name filled in.
 */
export const NAME_PLACEHOLDER = '{alojamiento}';

/** The text as guests read it: every placeholder replaced by the accommodation name. */
export function fillNamePlaceholder(text: string, name: string): string {
  return text.split(NAME_PLACEHOLDER).join(name.trim() || NAME_PLACEHOLDER);
}

/** Whether a localized text has anything written in any of its languages. */
export function hasAnyText(text: { es: string; en: string; ar: string }): boolean {
  return [text.es, text.en, text.ar].some((s) => s.trim().length > 0);
}

/** Inserts the placeholder at the caret (or at the end), returning the new text and the caret after it. */
export function insertPlaceholder(
  text: string,
  start: number | null,
  end: number | null = start,
): { text: string; caret: number } {
  const from = start ?? text.length;
  const to = end ?? from;
  const next = `${text.slice(0, from)}${NAME_PLACEHOLDER}${text.slice(to)}`;
  return { text: next, caret: from + NAME_PLACEHOLDER.length };
}
