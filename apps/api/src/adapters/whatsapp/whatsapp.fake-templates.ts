/**
 * The template registry of the fake Cloud API (whatsapp.fake.ts; whatsapp-cloud-api.md §2, §6, §13.4): what
 * every WABA starts with, how Meta lists templates, and the checks Meta makes on a template send.
 */
import { FakeGraphError, invalidParam, missingParam, templateParams } from './whatsapp.fake-errors.ts';

export type FakeHeaderFormat = 'TEXT' | 'IMAGE' | 'DOCUMENT' | 'VIDEO' | 'LOCATION';

export interface FakeTemplateButton {
  /** URL (a {{1}} at the end of `url` takes a suffix), QUICK_REPLY, PHONE_NUMBER, OTP (authentication), COPY_CODE (coupon). */
  type: string;
  text?: string;
  url?: string;
  /** OTP buttons: COPY_CODE | ONE_TAP | ZERO_TAP. */
  otp_type?: string;
  phone_number?: string;
}

export interface FakeTemplate {
  id: string;
  name: string;
  language: string;
  /** MARKETING | UTILITY | AUTHENTICATION */
  category: string;
  /** APPROVED | PENDING | REJECTED | PAUSED | DISABLED | … (only APPROVED can be sent) */
  status: string;
  /** The BODY text: {{1}}… (POSITIONAL) or {{name}} (NAMED). */
  body: string;
  /** POSITIONAL when absent. */
  parameter_format?: 'POSITIONAL' | 'NAMED';
  header?: { format: FakeHeaderFormat; text?: string } | null;
  footer?: string | null;
  buttons?: FakeTemplateButton[];
  /** Template pacing (§6.2): its sends answer `held_for_quality_assessment`. */
  held?: boolean;
}

const es = (
  name: string,
  category: string,
  body: string,
  extra: Partial<FakeTemplate> = {},
): Omit<FakeTemplate, 'id'> => ({ name, language: 'es', category, status: 'APPROVED', body, ...extra });

/** The APPROVED templates every WABA starts with (the product's defaults use these names). */
export const seededTemplates = (): Omit<FakeTemplate, 'id'>[] => [
  es('checkin_link', 'UTILITY', 'Hola {{1}}, completa tu check-in online para {{2}} aquí: {{3}}'),
  {
    ...es('checkin_link', 'UTILITY', 'Hi {{1}}, please complete your online check-in for {{2}} here: {{3}}'),
    language: 'en',
  },
  es('checkin_reminder', 'UTILITY', 'Hola {{1}}, recuerda completar tu check-in online para {{2}}: {{3}}'),
  es(
    'door_code',
    'UTILITY',
    'Hola {{1}}, tu código de acceso a {{2}} es {{3}}. Válido desde {{4}} hasta {{5}}.',
  ),
  es('payment_link', 'UTILITY', 'Hola {{1}}, puedes pagar {{2}} ({{3}}) aquí: {{4}}'),
  es('posada_code', 'AUTHENTICATION', '{{1}} es tu código de verificación.', {
    buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copiar código' }],
  }),
  es('stay_followup', 'UTILITY', 'Gracias por tu estancia, {{1}}. ¿Nos dejas tu opinión? {{2}}'),
  es('service_update', 'UTILITY', 'Hola {{1}}, tu solicitud de {{2}} está {{3}}. Detalles: {{4}}'),
  es('service_offer', 'MARKETING', 'Hola {{1}}, en {{2}} te ofrecemos servicios para tu estancia: {{3}}'),
  es('service_provider_request', 'UTILITY', 'Nueva solicitud: {{1}} para {{2}} el {{3}}. Total: {{4}}'),
  es('concierge_answer', 'UTILITY', 'Hola {{1}}, sobre tu pregunta: {{2}}'),
  es('operator_notice', 'UTILITY', '{{1}}: {{2}}'),
];

const POSITIONAL = /\{\{\s*(\d+)\s*\}\}/g;
const NAMED = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/g;

/** The variables of a text: {{1}}… counted (POSITIONAL) or the names in order of first use (NAMED). */
export function variablesOf(text: string, format: 'POSITIONAL' | 'NAMED'): string[] {
  const re = format === 'NAMED' ? NAMED : POSITIONAL;
  return [...new Set([...text.matchAll(re)].map((m) => m[1] as string))];
}

const formatOf = (t: FakeTemplate) => t.parameter_format ?? 'POSITIONAL';
const hasVariable = (url: string | undefined) => /\{\{\s*1\s*\}\}\s*$/.test(url ?? '');

/** How many parameters a button takes: a URL ending in {{1}}, an OTP code, a coupon code. */
export function buttonVariables(button: FakeTemplateButton): number {
  const type = button.type.toUpperCase();
  if (type === 'URL') return hasVariable(button.url) ? 1 : 0;
  if (type === 'OTP' || type === 'COPY_CODE') return 1;
  return 0;
}

/** A template as `GET /{waba_id}/message_templates` lists it (components with examples). */
export function templateJson(t: FakeTemplate) {
  const format = formatOf(t);
  const example = (text: string) => {
    const vars = variablesOf(text, format);
    if (!vars.length) return undefined;
    return format === 'NAMED'
      ? vars.map((param_name) => ({ param_name, example: 'Ana' }))
      : [vars.map((_, i) => `ejemplo ${i + 1}`)];
  };
  const components: Record<string, unknown>[] = [];
  if (t.header) {
    const text = t.header.text ?? '';
    const headerExample = t.header.format === 'TEXT' ? example(text) : undefined;
    components.push({
      type: 'HEADER',
      format: t.header.format,
      ...(t.header.format === 'TEXT' ? { text } : {}),
      ...(t.header.format === 'TEXT' && headerExample
        ? {
            example:
              format === 'NAMED'
                ? { header_text_named_params: headerExample }
                : { header_text: (headerExample as string[][])[0] },
          }
        : {}),
      ...(t.header.format !== 'TEXT' && t.header.format !== 'LOCATION'
        ? { example: { header_handle: ['4::aW1hZ2UvanBlZw==:ARa…'] } }
        : {}),
    });
  }
  const bodyExample = example(t.body);
  components.push({
    type: 'BODY',
    text: t.body,
    ...(bodyExample
      ? { example: format === 'NAMED' ? { body_text_named_params: bodyExample } : { body_text: bodyExample } }
      : {}),
  });
  if (t.footer) components.push({ type: 'FOOTER', text: t.footer });
  if (t.buttons?.length) {
    components.push({
      type: 'BUTTONS',
      buttons: t.buttons.map((b) => ({
        ...b,
        ...(b.type.toUpperCase() === 'URL' && hasVariable(b.url)
          ? { example: [`${b.url?.replace(/\{\{\s*1\s*\}\}\s*$/, '')}abc123`] }
          : {}),
      })),
    });
  }
  return {
    id: t.id,
    name: t.name,
    language: t.language,
    status: t.status,
    category: t.category,
    parameter_format: format,
    components,
  };
}

/** A template as the control `POST /_fake/templates` takes it (lowercase keys, as Meta's create call). */
export interface TemplateInput {
  waba_id?: string;
  name?: unknown;
  language?: unknown;
  category?: unknown;
  status?: unknown;
  parameter_format?: unknown;
  header?: unknown;
  body?: unknown;
  footer?: unknown;
  buttons?: unknown;
  held?: unknown;
}

/** Reads a control's template definition; refuses what Meta would not approve the shape of. */
export function templateOfInput(input: TemplateInput): Omit<FakeTemplate, 'id'> {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const name = str(input.name);
  if (!/^[a-z0-9_]{1,512}$/.test(name)) throw invalidParam('Template name: lowercase letters, digits and _');
  const category = str(input.category).toUpperCase();
  if (!['MARKETING', 'UTILITY', 'AUTHENTICATION'].includes(category))
    throw invalidParam('Template category: MARKETING, UTILITY or AUTHENTICATION');
  const format = str(input.parameter_format).toUpperCase() === 'NAMED' ? 'NAMED' : 'POSITIONAL';
  const body = str(input.body);
  if (!body) throw missingParam('body is required');
  const header = input.header as { format?: unknown; text?: unknown } | null | undefined;
  const headerFormat = header ? (str(header.format) || 'TEXT').toUpperCase() : null;
  if (headerFormat && !['TEXT', 'IMAGE', 'DOCUMENT', 'VIDEO', 'LOCATION'].includes(headerFormat))
    throw invalidParam('Header format: TEXT, IMAGE, DOCUMENT, VIDEO or LOCATION');
  const buttons = Array.isArray(input.buttons)
    ? (input.buttons as Record<string, unknown>[]).map((b) => ({
        type: str(b.type).toUpperCase() || 'QUICK_REPLY',
        ...(typeof b.text === 'string' ? { text: b.text } : {}),
        ...(typeof b.url === 'string' ? { url: b.url } : {}),
        ...(typeof b.otp_type === 'string' ? { otp_type: b.otp_type.toUpperCase() } : {}),
        ...(typeof b.phone_number === 'string' ? { phone_number: b.phone_number } : {}),
      }))
    : undefined;
  return {
    name,
    language: str(input.language) || 'es',
    category,
    status: (str(input.status) || 'APPROVED').toUpperCase(),
    body,
    parameter_format: format,
    header: headerFormat
      ? { format: headerFormat as FakeHeaderFormat, ...(header?.text ? { text: str(header.text) } : {}) }
      : null,
    footer: str(input.footer) || null,
    ...(buttons ? { buttons } : {}),
    ...(input.held === true ? { held: true } : {}),
  };
}

/** A parameter as a request carries it. */
interface RequestParam {
  type?: unknown;
  text?: unknown;
  parameter_name?: unknown;
  coupon_code?: unknown;
  payload?: unknown;
  [key: string]: unknown;
}

interface RequestComponent {
  type?: unknown;
  sub_type?: unknown;
  index?: unknown;
  parameters?: unknown;
}

/** What a checked template send gives: the hydrated body and what the fake records. */
export interface HydratedTemplate {
  template: FakeTemplate;
  /** The body's values in order (NAMED: in the body's order of names). */
  params: string[];
  names: string[] | null;
  header: { type: string; value: string } | null;
  buttons: { index: number; sub_type: string; value: string }[];
  /** What the recipient reads. */
  text: string;
  /** A media header (link or id): the send carries media. */
  hasMedia: boolean;
}

const BODY_MAX = 1024;
const HEADER_MAX = 60;

const countMismatch = (where: string, n: number, m: number) =>
  templateParams(
    `${where}: number of localizable_params (${n}) does not match the expected number of params (${m})`,
  );

/** \n, \t or 5+ consecutive spaces: Meta refuses the parameter (§2). */
function checkText(where: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') throw missingParam(`${where}: Param text is required`);
  if (/[\n\r\t]/.test(value) || / {5,}/.test(value)) {
    throw templateParams(
      `${where}: Param text cannot have new-line/tab characters or more than 4 consecutive spaces`,
      'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
    );
  }
  return value;
}

const formatMismatch = (where: string, expected: string, received: string) =>
  new FakeGraphError(
    400,
    132012,
    '(#132012) Parameter format does not match format in the created template',
    `${where}: Format mismatch, expected ${expected}, received ${received}`,
  );

/**
 * Checks `template` of a send against the WABA's registry as Meta does (§13.4) and answers the hydrated
 * message, or throws Meta's error: 132001 unknown / not approved, 132015 paused, 132016 disabled, 132000
 * parameter counts, names and characters, 132012 a parameter of the wrong kind, 132005 too long.
 */
export function hydrateTemplate(
  templates: FakeTemplate[],
  request: unknown,
  mediaKnown: (id: string) => boolean,
): HydratedTemplate {
  const t = (request ?? null) as {
    name?: unknown;
    language?: { code?: unknown };
    components?: unknown;
  } | null;
  if (!t || typeof t !== 'object') throw missingParam("Parameter 'template' is required");
  if (typeof t.name !== 'string' || !t.name) throw missingParam("Parameter 'template[name]' is required");
  const lang = t.language?.code;
  if (typeof lang !== 'string' || !lang)
    throw missingParam("Parameter 'template[language][code]' is required");
  const found = templates.find((x) => x.name === t.name && x.language === lang);
  const status = found?.status.toUpperCase();
  if (status === 'PAUSED') {
    throw new FakeGraphError(
      400,
      132015,
      '(#132015) Template is Paused',
      `Template ${t.name} is paused due to low quality.`,
    );
  }
  if (status === 'DISABLED') {
    throw new FakeGraphError(
      400,
      132016,
      '(#132016) Template is Disabled',
      `Template ${t.name} was disabled due to low quality.`,
    );
  }
  if (!found || status !== 'APPROVED') {
    throw new FakeGraphError(
      404,
      132001,
      '(#132001) Template name does not exist in the translation',
      `template name (${t.name}) does not exist in ${lang}`,
    );
  }
  if (t.components !== undefined && !Array.isArray(t.components))
    throw invalidParam("Param template['components'] must be an array");
  const components = (t.components ?? []) as RequestComponent[];
  const format = formatOf(found);

  // Which components the request carries (one header, one body, one per button index).
  let header: RequestComponent | null = null;
  let body: RequestComponent | null = null;
  const buttons = new Map<number, RequestComponent>();
  for (const c of components) {
    const type = typeof c?.type === 'string' ? c.type.toLowerCase() : '';
    if (type === 'header' && !header) header = c;
    else if (type === 'body' && !body) body = c;
    else if (type === 'button') {
      const index = Number(c.index);
      if (c.index === undefined || c.index === '' || !Number.isInteger(index) || index < 0 || index > 9)
        throw missingParam("Parameter 'index' of a button component is required (0-9)");
      if (buttons.has(index)) throw invalidParam(`Duplicate button component at index ${index}`);
      buttons.set(index, c);
    } else throw invalidParam(`Invalid component type ${String(c?.type)}`);
  }
  const paramsOf = (c: RequestComponent | null): RequestParam[] => {
    if (!c) return [];
    if (c.parameters === undefined) return [];
    if (!Array.isArray(c.parameters)) throw invalidParam("Param 'parameters' must be an array");
    return c.parameters as RequestParam[];
  };

  // Header.
  let headerOut: HydratedTemplate['header'] = null;
  let hasMedia = false;
  const headerParams = paramsOf(header);
  const hf = found.header?.format ?? null;
  if (!hf) {
    if (headerParams.length) throw countMismatch('header', headerParams.length, 0);
  } else if (hf === 'TEXT') {
    const vars = variablesOf(found.header?.text ?? '', format);
    if (headerParams.length !== vars.length) throw countMismatch('header', headerParams.length, vars.length);
    const p = headerParams[0];
    if (p) {
      if (p.type !== 'text') throw formatMismatch('header', 'TEXT', String(p.type ?? '').toUpperCase());
      const value = checkText('header', p.text);
      if (format === 'NAMED' && p.parameter_name !== vars[0])
        throw templateParams(
          `header: parameter_name (${String(p.parameter_name ?? '')}) does not match the template's ${vars[0]}`,
        );
      const hydrated = (found.header?.text ?? '').replace(
        format === 'NAMED' ? NAMED : POSITIONAL,
        () => value,
      );
      if (hydrated.length > HEADER_MAX)
        throw new FakeGraphError(
          400,
          132005,
          '(#132005) Translated text too long',
          `header: hydrated text is too long (${hydrated.length} > ${HEADER_MAX})`,
        );
      headerOut = { type: 'text', value };
    }
  } else {
    if (headerParams.length !== 1) throw countMismatch('header', headerParams.length, 1);
    const p = headerParams[0] as RequestParam;
    const expected = hf.toLowerCase();
    if (p.type !== expected) throw formatMismatch('header', hf, String(p.type ?? '').toUpperCase());
    const media = p[expected] as { link?: unknown; id?: unknown; latitude?: unknown } | undefined;
    if (hf === 'LOCATION') {
      if (typeof media?.latitude !== 'number')
        throw missingParam('header: location latitude and longitude are required');
      headerOut = { type: 'location', value: `${media.latitude}` };
    } else {
      if (typeof media?.link === 'string') {
        if (!/^https?:\/\//.test(media.link))
          throw invalidParam(`header: ${expected} link must be an http(s) URL`);
        headerOut = { type: expected, value: media.link };
      } else if (typeof media?.id === 'string' && media.id) {
        if (!mediaKnown(media.id))
          throw new FakeGraphError(
            400,
            131053,
            '(#131053) Media upload error',
            `header: unknown media id ${media.id}`,
          );
        headerOut = { type: expected, value: media.id };
      } else throw missingParam(`header: ${expected}[link] or ${expected}[id] is required`);
      hasMedia = true;
    }
  }

  // Body.
  const bodyParams = paramsOf(body);
  const vars = variablesOf(found.body, format);
  if (bodyParams.length !== vars.length) throw countMismatch('body', bodyParams.length, vars.length);
  const values: string[] = [];
  let names: string[] | null = null;
  if (format === 'NAMED') {
    const byName = new Map<string, string>();
    for (const p of bodyParams) {
      const name = typeof p.parameter_name === 'string' ? p.parameter_name : '';
      if (!name) throw templateParams('body: parameter_name is required for a NAMED template');
      if (!vars.includes(name))
        throw templateParams(`body: parameter_name (${name}) is not a parameter of the template`);
      if (byName.has(name)) throw templateParams(`body: parameter_name (${name}) is given twice`);
      if (p.type !== 'text')
        throw formatMismatch(`body: ${name}`, 'TEXT', String(p.type ?? '').toUpperCase());
      byName.set(name, checkText(`body: ${name}`, p.text));
    }
    const missing = vars.filter((v) => !byName.has(v));
    if (missing.length) throw templateParams(`body: missing parameter_name (${missing.join(', ')})`);
    names = vars;
    for (const v of vars) values.push(byName.get(v) as string);
  } else {
    for (const [i, p] of bodyParams.entries()) {
      if (p.parameter_name !== undefined)
        throw templateParams(`body: parameter_name is not allowed in a POSITIONAL template (param ${i + 1})`);
      if (p.type !== 'text')
        throw formatMismatch(`body: param ${i + 1}`, 'TEXT', String(p.type ?? '').toUpperCase());
      values.push(checkText(`body: param ${i + 1}`, p.text));
    }
  }
  const text =
    format === 'NAMED'
      ? found.body.replace(NAMED, (m, name: string) => {
          const i = vars.indexOf(name);
          return i >= 0 ? (values[i] as string) : m;
        })
      : found.body.replace(POSITIONAL, (m, n: string) => {
          const i = vars.indexOf(n);
          return i >= 0 ? (values[i] as string) : m;
        });
  if (text.length > BODY_MAX) {
    throw new FakeGraphError(
      400,
      132005,
      '(#132005) Translated text too long',
      `body: hydrated text is too long (${text.length} > ${BODY_MAX})`,
    );
  }

  // Buttons: every button with a variable needs its parameter; no parameters for the others.
  const defined = found.buttons ?? [];
  for (const index of buttons.keys()) {
    if (index >= defined.length)
      throw invalidParam(`button at index ${index} does not exist in the template`);
  }
  const buttonsOut: HydratedTemplate['buttons'] = [];
  for (const [index, def] of defined.entries()) {
    const expected = buttonVariables(def);
    const given = buttons.get(index) ?? null;
    const params = paramsOf(given);
    const where = `button at index ${index}`;
    if (expected === 0) {
      const subType = typeof given?.sub_type === 'string' ? given.sub_type.toLowerCase() : '';
      // A quick reply may carry its payload; nothing else takes a parameter.
      if (def.type.toUpperCase() === 'QUICK_REPLY' && subType === 'quick_reply') continue;
      if (params.length) throw countMismatch(where, params.length, 0);
      continue;
    }
    if (params.length !== expected) throw countMismatch(where, params.length, expected);
    const type = def.type.toUpperCase();
    const wantSub = type === 'COPY_CODE' ? 'copy_code' : 'url';
    const subType = typeof given?.sub_type === 'string' ? given.sub_type.toLowerCase() : '';
    if (subType !== wantSub) {
      throw new FakeGraphError(
        400,
        131009,
        '(#131009) Parameter value is not valid',
        `${where}: sub_type (${subType || 'none'}) does not match the template's ${type} button (${wantSub})`,
      );
    }
    const p = params[0] as RequestParam;
    if (wantSub === 'copy_code') {
      if (p.type !== 'coupon_code')
        throw formatMismatch(where, 'COUPON_CODE', String(p.type ?? '').toUpperCase());
      buttonsOut.push({ index, sub_type: wantSub, value: checkText(where, p.coupon_code) });
    } else {
      if (p.type !== 'text') throw formatMismatch(where, 'TEXT', String(p.type ?? '').toUpperCase());
      const value = checkText(where, p.text);
      if (type === 'OTP' && value.length > 15)
        throw invalidParam(`${where}: the code is at most 15 characters`);
      buttonsOut.push({ index, sub_type: wantSub, value });
    }
  }
  return { template: found, params: values, names, header: headerOut, buttons: buttonsOut, text, hasMedia };
}
