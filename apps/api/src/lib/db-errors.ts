/** True when a database error, or one it wraps (Drizzle wraps the driver's), carries SQLSTATE `code`. */
function hasSqlState(error: unknown, code: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A unique-constraint violation (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');

/** SQLSTATE 40P01: two writers waited on each other; only happens when they wanted the same rows. */
export const isDeadlock = (error: unknown): boolean => hasSqlState(error, '40P01');
