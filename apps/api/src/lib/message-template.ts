import { type TemplateVariable, templateVariables } from '@posada/contracts/inbox';

/**
 * Quick replies and templates with variables (issue 17, docs/messaging.md "Inbox"), for the inbox, mass
 * messages and review requests. A body names
 * variables as {{guest_name}}, {{property_name}}, {{arrival}}, {{departure}}, {{checkin_link}},
 * {{door_code}}; WhatsApp templates synced from Meta carry numbered placeholders {{1}}, {{2}}… that the
 * operator fills. Pure functions: the inbox fills `values` from the thread's booking (the door code only
 * once released to the guest).
 */
export type TemplateValues = Partial<Record<TemplateVariable, string | null>>;

const PLACEHOLDER = /\{\{\s*([a-z_]+|\d{1,2})\s*\}\}/g;
const isVariable = (name: string): name is TemplateVariable =>
  (templateVariables as readonly string[]).includes(name);

export interface Rendered {
  /** The text the guest reads; a variable without a value stays as {{name}} so nothing is invented. */
  body: string;
  /** Named variables the booking cannot fill (each once, in order of appearance). */
  missing: TemplateVariable[];
  /** The highest numbered placeholder ({{3}} → 3): how many values the operator gives. */
  placeholders: number;
  /**
   * WhatsApp's body parameters in order of appearance: Meta numbers a template's variables {{1}}…{{n}} in
   * the order they appear, so a body stored with names sends their values in that order.
   */
  params: string[];
}

/** Renders `body` with `values` (named) and `numbered` ({{1}} is numbered[0]). */
export function renderTemplate(body: string, values: TemplateValues, numbered: string[] = []): Rendered {
  const missing: TemplateVariable[] = [];
  const params: string[] = [];
  let placeholders = 0;
  const rendered = body.replace(PLACEHOLDER, (whole, name: string) => {
    if (/^\d+$/.test(name)) {
      const index = Number(name);
      placeholders = Math.max(placeholders, index);
      const value = numbered[index - 1]?.trim();
      if (value) {
        params[index - 1] = value;
        return value;
      }
      return whole;
    }
    if (!isVariable(name)) return whole;
    const value = values[name]?.trim();
    if (!value) {
      if (!missing.includes(name)) missing.push(name);
      return `{{${name}}}`;
    }
    params.push(value);
    return value;
  });
  return { body: rendered, missing, placeholders, params };
}

/** How many numbered placeholders ({{1}}…{{n}}, as Meta's templates carry them) a body has: the highest n. */
export function placeholdersOf(body: string): number {
  return Math.max(0, ...[...body.matchAll(/\{\{\s*(\d{1,2})\s*\}\}/g)].map((m) => Number(m[1])));
}

/** Whether a rendered message can go out: every variable filled and every numbered placeholder given. */
export function isComplete(rendered: Rendered): boolean {
  if (rendered.missing.length > 0) return false;
  for (let i = 0; i < rendered.placeholders; i++) if (!rendered.params[i]) return false;
  return true;
}

/** A stay date as the guest reads it in a message: 5 dic 2026 (es), Dec 5, 2026 (en). */
export function formatStayDate(isoDate: string, language = 'es'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(`${isoDate}T00:00:00Z`))
    .replace(/\.$/, '');
}
