/**
 * The authority password is write-only (spec 3 Authority credentials): the form always starts it empty,
 * a blank one (all spaces count as blank, as the API reads it) keeps the stored password, and it is
 * required only while none is stored (spec 5: all authority data is required). Returns the field to
 * mark, or null.
 */
export function authoritiesPasswordProblem(passwordSet: boolean, password: string): 'password' | null {
  return !passwordSet && password.trim() === '' ? 'password' : null;
}
