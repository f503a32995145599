/** Why an outside service failed, the same words for every adapter: '<service>.<kind>'. */
export type AdapterErrorKind =
  /** 401/403, or SMTP 535: the key, token or password is wrong or revoked. */
  | 'unauthorized'
  /** Any other 4xx or SMTP 5xx: the service understood and said no (bad number, unknown template). */
  | 'rejected'
  /** 5xx or SMTP 4xx: the service is up but failing; the next attempt may pass. */
  | 'server_error'
  /** No connection: DNS, refused, reset. */
  | 'unreachable'
  /** Connected (or trying to) but no answer in time. */
  | 'timeout'
  /** An answer we cannot read (not JSON, a field missing). */
  | 'invalid_response'
  /** iCal feeds: the address is loopback, private, link-local… (refused unless ICAL_ALLOW_PRIVATE_HOSTS). */
  | 'private_host'
  /** iCal feeds: not an http(s) URL. */
  | 'invalid_url'
  /** WhatsApp: Meta's 131047, a free-form message outside the 24-hour customer-service window. */
  | 'window_closed'
  /** WhatsApp: Meta's 132000, the template's parameters do not match its placeholders. */
  | 'template_params';

/** The one error an adapter throws; modules map it to their own AppError where the user sees it. */
export class AdapterError extends Error {
  readonly code: string;
  constructor(
    readonly service: string,
    readonly kind: AdapterErrorKind,
    detail: string,
    /** The HTTP status (or SMTP reply code) when the service answered. */
    readonly status?: number,
  ) {
    // The detail stays in the message (logs, the mail outbox's lastError); the code is what callers branch on.
    super(`${service}.${kind}${status ? ` (${status})` : ''}: ${detail.slice(0, 300)}`);
    this.name = 'AdapterError';
    this.code = `${service}.${kind}`;
  }
}

/** The kind for an HTTP status that is not 2xx. */
export function kindOfHttpStatus(status: number): AdapterErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status >= 500) return 'server_error';
  return 'rejected';
}

/** The kind for what fetch threw: an abort by AbortSignal.timeout is a timeout, the rest unreachable. */
export function kindOfFetchFailure(error: unknown): AdapterErrorKind {
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable';
}
