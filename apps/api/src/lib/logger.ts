import type { Config } from '../config.ts';

/** Structured logs that never carry passwords, tokens, codes or document numbers. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.password_confirmation',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.code_verifier',
  '*.document_number',
  '*.numero_documento',
];

export function loggerOptions(config: Config): object | boolean {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      // Query strings may carry one-time tokens (/verific/token/account/..., OAuth codes): log the path only.
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url.split('?')[0],
      }),
    },
  };
}
