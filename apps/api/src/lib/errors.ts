/**
 * A coded error: `code` is 'feature.reason' (ARCHITECTURE §3), `status` the HTTP status.
 * The message is looked up in the server locales by `messageKey` (defaults to the code),
 * so every caller reads it in its own language.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly options: {
      messageKey?: string;
      params?: Record<string, string | number>;
      errors?: Record<string, string[]>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const commonErrors = {
  /**
   * A field refused by a rule the contract schema cannot check (it needs stored data). The same envelope as
   * a schema validation error: 400 'validation.failed' with the translated key under each field.
   */
  invalid: (errors: Record<string, string[]>) =>
    new AppError('validation.failed', 400, { messageKey: 'validation.failed', errors }),
  notFound: () => new AppError('common.not_found', 404),
  unauthenticated: () => new AppError('auth.unauthenticated', 401),
  forbidden: () => new AppError('auth.forbidden', 403),
};
