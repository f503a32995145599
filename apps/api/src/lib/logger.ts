import type { Config } from '../config.ts';

/** Keys whose values never reach a log line, wherever they sit (top level or two objects deep). */
const sensitiveKeys = [
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'passwordHash',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code_verifier',
  'client_secret',
  'secret',
  'security_code',
  'securityCode',
  'document_number',
  'documentNumber',
  'numero_documento',
  'numeroDocumento',
  'dni',
  'nie',
  'pasaporte',
  'passport',
];

const sensitiveHeaders = ['authorization', 'cookie', '["set-cookie"]', '["x-api-key"]'];

/** Structured logs that never carry passwords, tokens, codes or document numbers. */
export const redactPaths = [
  ...sensitiveKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  ...sensitiveHeaders.flatMap((header) => {
    const path = header.startsWith('[') ? header : `.${header}`;
    return [`req.headers${path}`, `headers${path}`, `*.headers${path}`];
  }),
];

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tokenLike = /^[A-Za-z0-9_-]{20,}$/;

/**
 * The path of a URL without its query (OAuth codes, link tokens) and with token-like segments
 * (/verific/token/account/{token}, /recuperar/{token}) masked. Ids (UUIDs) stay readable.
 */
export function redactUrl(url: string): string {
  const [pathOnly = ''] = url.split('?');
  return pathOnly
    .split('/')
    .map((segment) => (tokenLike.test(segment) && !uuid.test(segment) ? '[redacted]' : segment))
    .join('/');
}

export function loggerOptions(config: Config): object | boolean {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      // Method and path only: no headers, no query string.
      req: (req: { method?: string; url?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
      }),
    },
  };
}
