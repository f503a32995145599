/**
 * The authority password is write-only (spec 3 Authority credentials): the form always starts it empty,
 * a blank one (all spaces count as blank, as the API reads it) keeps the stored password, and it is
 * required only while none is stored (spec 5: all authority data is required). Returns the field to
 * mark, or null.
 */
export function authoritiesPasswordProblem(passwordSet: boolean, password: string): 'password' | null {
  return !passwordSet && password.trim() === '' ? 'password' : null;
}

/** The spec advises no more than three failed attempts in a row (the API answers its own maximum). */
export const AUTHORITY_MAX_TEST_ATTEMPTS = 3;

/** The demo's authority login: pointed at nothing (apps/api/src/demo/seed-registrations.ts). */
export const DEMO_AUTHORITY_USER = 'DEMO-SIN-CONEXION';

export type ConnectionResult =
  | { kind: 'ok'; failedAttempts: 0; maxAttempts: number; message: null }
  | { kind: 'no_web_service'; failedAttempts: number; maxAttempts: number; message: string | null }
  | { kind: 'unauthorized'; failedAttempts: number; maxAttempts: number; message: string | null }
  | { kind: 'failed'; failedAttempts: number; maxAttempts: number; message: string | null };

/**
 * What a test connection showed: the answer (ok, Mossos without a web service, another failure), or the
 * error ('authorities.unauthorized', 422: a wrong user or password counts one more failed attempt in a row).
 */
export function testResultOf(
  answer: {
    ok: boolean;
    code: string | null;
    message: string | null;
    failed_attempts: number;
    max_attempts: number;
  } | null,
  error: { code: string; message: string } | null,
  failedBefore: number,
): ConnectionResult {
  if (answer?.ok) return { kind: 'ok', failedAttempts: 0, maxAttempts: answer.max_attempts, message: null };
  if (answer) {
    const kind =
      answer.code === 'authorities.no_web_service'
        ? 'no_web_service'
        : answer.code === 'authorities.unauthorized'
          ? 'unauthorized'
          : 'failed';
    return {
      kind,
      failedAttempts: answer.failed_attempts,
      maxAttempts: answer.max_attempts,
      message: answer.message,
    };
  }
  if (error?.code === 'authorities.unauthorized')
    return {
      kind: 'unauthorized',
      failedAttempts: failedBefore + 1,
      maxAttempts: AUTHORITY_MAX_TEST_ATTEMPTS,
      message: error.message,
    };
  return {
    kind: 'failed',
    failedAttempts: failedBefore,
    maxAttempts: AUTHORITY_MAX_TEST_ATTEMPTS,
    message: error?.message ?? null,
  };
}

/** The PFX file as the API takes it: base64 without the data-URL prefix. */
export function pfxBase64(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
}
