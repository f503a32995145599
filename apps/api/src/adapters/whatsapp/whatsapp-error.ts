import { AdapterError, type AdapterErrorKind } from '../adapter-error.ts';

/**
 * Meta's codes a later attempt may get past (whatsapp-cloud-api.md §4.4, §8): throughput (130429), the
 * (business, consumer) pair rate (131056), WABA and app call limits (80007, 4), and Meta's own failures
 * (131000 unknown, 131016 service unavailable, 1 API unknown, 2 API service). Everything else is permanent:
 * the same request fails the same way (131047 window, 131026 undeliverable, 131049 marketing cap: kept
 * permanent for the run, 131050 opt-out, 132000–132016 templates, 100, 190, 133010, 131051, 131053,
 * 131008, 470…).
 */
const TEMPORARY_CODES: ReadonlySet<number> = new Set([130429, 131056, 80007, 4, 131000, 131016, 1, 2]);

/** True for a Meta error code worth retrying later (also for the codes of `failed` status webhooks). */
export function isTemporaryWhatsAppError(code: number): boolean {
  return TEMPORARY_CODES.has(code);
}

/** The AdapterError kind of a Meta code we branch on; null when the HTTP status decides. */
function kindOfMetaCode(code: number | null): AdapterErrorKind | null {
  if (code === 131047) return 'window_closed';
  if (code === 132000) return 'template_params';
  if (code === 190) return 'unauthorized';
  return null;
}

/**
 * A failed Cloud API call (issue 26): the adapter's `whatsapp.<kind>` code for callers that only branch on
 * kinds (`window_closed` = 131047, `template_params` = 132000, `unauthorized`, `rejected`, `server_error`,
 * `timeout`, `unreachable`, `invalid_response`), plus what Meta said: `metaCode` (`error.code`, null when
 * Meta did not answer), `title` (the message without its "(#code)" prefix), `details`
 * (`error.error_data.details`), and whether retrying later can help (`temporary`).
 */
export class WhatsAppError extends AdapterError {
  readonly metaCode: number | null;
  readonly title: string;
  readonly details: string;
  readonly temporary: boolean;
  /** Meta's `fbtrace_id` (for Meta support), when it gave one. */
  readonly fbtraceId: string | null;

  constructor(input: {
    kind: AdapterErrorKind;
    metaCode?: number | null;
    title?: string;
    details?: string;
    status?: number;
    temporary?: boolean;
    fbtraceId?: string | null;
  }) {
    const metaCode = input.metaCode ?? null;
    const title = input.title ?? '';
    const details = input.details ?? '';
    const detail = [metaCode === null ? null : `Meta error ${metaCode}`, title, details]
      .filter(Boolean)
      .join(': ');
    super('whatsapp', input.kind, detail || input.kind, input.status);
    this.name = 'WhatsAppError';
    this.metaCode = metaCode;
    this.title = title;
    this.details = details;
    this.fbtraceId = input.fbtraceId ?? null;
    this.temporary =
      input.temporary ??
      (metaCode !== null
        ? isTemporaryWhatsAppError(metaCode) || (input.status !== undefined && input.status >= 500)
        : input.kind === 'timeout' || input.kind === 'unreachable' || input.kind === 'server_error');
  }
}

/** The WhatsAppError of a non-2xx Graph answer (`{"error":{message, code, error_data:{details}, fbtrace_id}}`). */
export function whatsAppErrorOfAnswer(status: number, text: string): WhatsAppError {
  let parsed: {
    error?: {
      message?: unknown;
      code?: unknown;
      error_user_title?: unknown;
      error_data?: { details?: unknown };
      fbtrace_id?: unknown;
    };
  } | null = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const error = parsed && typeof parsed === 'object' ? parsed.error : undefined;
  const code = Number(error?.code);
  const metaCode = Number.isInteger(code) ? code : null;
  const message = typeof error?.message === 'string' ? error.message : '';
  const title =
    typeof error?.error_user_title === 'string' && error.error_user_title
      ? error.error_user_title
      : message.replace(/^\(#\d+\)\s*/, '');
  const details = typeof error?.error_data?.details === 'string' ? error.error_data.details : '';
  const byStatus: AdapterErrorKind =
    status === 401 || status === 403 ? 'unauthorized' : status >= 500 ? 'server_error' : 'rejected';
  return new WhatsAppError({
    kind: kindOfMetaCode(metaCode) ?? byStatus,
    metaCode,
    title: title || (metaCode === null ? text.slice(0, 200) : ''),
    details,
    status,
    fbtraceId: typeof error?.fbtrace_id === 'string' ? error.fbtrace_id : null,
  });
}
