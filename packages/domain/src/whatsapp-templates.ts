/**
 * WhatsApp message templates (issue 26; whatsapp-cloud-api.md §2, §6): what an approved template needs to
 * be sent, read from Meta's component list, and how Posada fills it from a message's values. Pure rules,
 * shared by the adapter (parsing), the delivery pipeline (filling) and the settings screen (readiness).
 */

/** What sending a template needs besides its name and language. */
export interface TemplateComponents {
  /** NONE, or the header's format; a TEXT header has 0 or 1 variable. */
  header: { format: 'NONE' | 'TEXT' | 'IMAGE' | 'DOCUMENT' | 'VIDEO' | 'LOCATION'; variables: number };
  /** How many {{n}} the body has (POSITIONAL), or the body's {{names}} in order (NAMED). */
  bodyVariables: number;
  bodyNames: string[];
  /** Each button in order: URL buttons with the URL as approved ({{1}} at its end takes a suffix), OTP, … */
  buttons: { type: string; url?: string; variables: number }[];
}

export interface SendableTemplate {
  name: string;
  language: string;
  /** MARKETING | UTILITY | AUTHENTICATION */
  category: string;
  parameterFormat: 'POSITIONAL' | 'NAMED';
  /** The body with its placeholders, as approved. */
  body: string;
  components: TemplateComponents | null;
}

/** Meta's component list (GET /{waba}/message_templates) as it comes. */
export interface MetaTemplateComponent {
  type: string;
  format?: string;
  text?: string;
  buttons?: { type: string; url?: string; otp_type?: string; text?: string }[];
}

const positional = (text: string) => new Set(text.match(/\{\{\s*\d+\s*\}\}/g) ?? []).size;
const named = (text: string) => [
  ...new Set([...text.matchAll(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/g)].map((m) => m[1] as string)),
];

/** The parts of a template that must be filled, from Meta's components (unknown ones are ignored). */
export function parseTemplateComponents(components: MetaTemplateComponent[]): TemplateComponents {
  const header = components.find((c) => c.type.toUpperCase() === 'HEADER');
  const body = components.find((c) => c.type.toUpperCase() === 'BODY');
  const buttons = components.find((c) => c.type.toUpperCase() === 'BUTTONS')?.buttons ?? [];
  const bodyText = body?.text ?? '';
  const headerFormat = (header?.format ?? (header ? 'TEXT' : 'NONE')).toUpperCase();
  return {
    header: {
      format: (['TEXT', 'IMAGE', 'DOCUMENT', 'VIDEO', 'LOCATION'].includes(headerFormat)
        ? headerFormat
        : 'NONE') as TemplateComponents['header']['format'],
      variables:
        headerFormat === 'TEXT'
          ? Math.max(positional(header?.text ?? ''), named(header?.text ?? '').length)
          : 0,
    },
    bodyVariables: positional(bodyText),
    bodyNames: named(bodyText),
    buttons: buttons.map((b) => {
      const type = b.type.toUpperCase();
      // An authentication template's copy-code / one-tap button takes the code itself.
      if (type === 'OTP' || type === 'COPY_CODE') return { type, variables: 1 };
      if (type === 'URL')
        return { type, url: b.url ?? '', variables: /\{\{\s*1\s*\}\}\s*$/.test(b.url ?? '') ? 1 : 0 };
      return { type, variables: 0 };
    }),
  };
}

/** The values a message offers to its template, by name (guest_name, property_name, link, code…). */
export type TemplateValues = Partial<Record<string, string>>;

/** Names Meta templates are commonly created with, read as Posada's own. */
const ALIASES: Record<string, string> = {
  name: 'guest_name',
  first_name: 'guest_name',
  guest: 'guest_name',
  property: 'property_name',
  accommodation: 'property_name',
  url: 'link',
  checkin_link: 'link',
  checkin_url: 'link',
  review_link: 'link',
  door_code: 'code',
  access_code: 'code',
  otp: 'code',
  check_in: 'arrival',
  check_out: 'departure',
};

/** A parameter as Meta takes it: one line, no tabs, no run of 5 spaces, never empty. */
export function oneLine(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat || '—';
}

export type FilledTemplate = {
  ok: true;
  bodyParams: string[];
  /** Named templates: the body parameters with their names, in the body's order. */
  bodyNames: string[];
  headerParams: { type: 'text'; value: string }[];
  buttonParams: { index: number; subType: 'url' | 'copy_code'; value: string }[];
  /** What the recipient reads: the body with its placeholders filled. */
  text: string;
};

export type TemplateUnfillable = {
  ok: false;
  /** unfillable: a value it asks for is not in the message; link: its URL button cannot carry the link; media_header; too_long. */
  reason: 'unfillable' | 'link' | 'media_header' | 'too_long';
};

/** Meta's limit on a hydrated body (whatsapp-cloud-api.md §13.4). */
export const TEMPLATE_BODY_MAX = 1024;

/**
 * Fills a template from a message's values. POSITIONAL bodies take `order` (the kind's preference, e.g.
 * guest name, property, link), with the link last when the body must carry it; a URL button ending in
 * {{1}} takes the part of the link after the button's approved base instead. NAMED bodies take their
 * names (or the usual aliases). Anything the template asks for and the message cannot give makes it
 * unusable: nothing invented goes out.
 */
export function fillTemplate(
  template: SendableTemplate,
  values: TemplateValues,
  order: readonly string[],
): FilledTemplate | TemplateUnfillable {
  const parts = template.components ?? {
    header: { format: 'NONE', variables: 0 },
    bodyVariables: positional(template.body),
    bodyNames: named(template.body),
    buttons: [],
  };
  const value = (key: string) => {
    const v = values[key] || values[ALIASES[key] ?? ''];
    return v === undefined || v === '' ? undefined : oneLine(v);
  };
  if (parts.header.format !== 'NONE' && parts.header.format !== 'TEXT')
    return { ok: false, reason: 'media_header' };

  // Buttons first: a URL button that takes a suffix carries the link, so the body need not.
  const buttonParams: FilledTemplate['buttonParams'] = [];
  let linkInButton = false;
  for (const [index, button] of parts.buttons.entries()) {
    if (button.variables === 0) continue;
    if (button.type === 'URL') {
      const link = values.link;
      const base = (button.url ?? '').replace(/\{\{\s*1\s*\}\}\s*$/, '');
      if (!link?.startsWith(base) || link.length === base.length) return { ok: false, reason: 'link' };
      buttonParams.push({ index, subType: 'url', value: link.slice(base.length) });
      linkInButton = true;
    } else {
      // OTP / copy code: the code itself (authentication templates only).
      const code = value('code');
      if (!code) return { ok: false, reason: 'unfillable' };
      buttonParams.push({
        index,
        subType: template.category === 'AUTHENTICATION' ? 'url' : 'copy_code',
        value: code,
      });
    }
  }

  let bodyParams: string[];
  let bodyNames: string[] = [];
  if (template.parameterFormat === 'NAMED' && parts.bodyNames.length > 0) {
    bodyNames = parts.bodyNames;
    const found = bodyNames.map(value);
    if (found.some((v) => v === undefined)) return { ok: false, reason: 'unfillable' };
    bodyParams = found as string[];
  } else {
    const n = parts.bodyVariables;
    const wantsLink = !!values.link && !linkInButton && order.includes('link');
    const others = order
      .filter((k) => k !== 'link')
      .map(value)
      .filter((v): v is string => v !== undefined);
    if (wantsLink) {
      if (n === 0) return { ok: false, reason: 'link' };
      if (n - 1 > others.length) return { ok: false, reason: 'unfillable' };
      bodyParams = [...others.slice(0, n - 1), oneLine(values.link as string)];
    } else {
      if (n > others.length) return { ok: false, reason: 'unfillable' };
      bodyParams = others.slice(0, n);
    }
  }

  const headerParams: FilledTemplate['headerParams'] = [];
  if (parts.header.format === 'TEXT' && parts.header.variables > 0) {
    // A NAMED template's header variable goes by its parameter_name, which a header parameter here cannot carry.
    if (template.parameterFormat === 'NAMED') return { ok: false, reason: 'unfillable' };
    const header = value('header') ?? value('property_name');
    if (!header) return { ok: false, reason: 'unfillable' };
    headerParams.push({ type: 'text', value: header });
  }

  const text =
    template.parameterFormat === 'NAMED'
      ? template.body.replace(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/g, (m, name: string) => {
          const i = bodyNames.indexOf(name);
          return i >= 0 ? (bodyParams[i] as string) : m;
        })
      : template.body.replace(/\{\{\s*(\d+)\s*\}\}/g, (m, i: string) => bodyParams[Number(i) - 1] ?? m);
  if (text.length > TEMPLATE_BODY_MAX) return { ok: false, reason: 'too_long' };
  return { ok: true, bodyParams, bodyNames, headerParams, buttonParams, text };
}
