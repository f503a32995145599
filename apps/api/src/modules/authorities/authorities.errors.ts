import { AppError } from '../../lib/errors.ts';

/** Coded errors of the police registration endpoints; each code is also a key of src/i18n/*.json. */
export const authoritiesErrors = {
  checkinNotFound: () => new AppError('checkin.not_found', 404),
  propertyNotFound: () => new AppError('properties.not_found', 404),
  fileNotFound: () => new AppError('authorities.file_not_found', 404),
  /** The property has no authority settings. */
  notConfigured: () => new AppError('authorities.not_configured', 409),
  /** The demo's placeholder login (DEMO-SIN-CONEXION): nothing is sent or tested with it. */
  demoCredentials: () => new AppError('authorities.demo_credentials', 409),
  /** spec 6: authority reporting is subscription-gated. */
  featureUnavailable: () => new AppError('settings.feature_unavailable', 403),
  /** Accepted already: only a correction sends it again. */
  alreadyAccepted: () => new AppError('authorities.already_accepted', 409),
  /** Out with the authority: wait for its answer. */
  inProgress: () => new AppError('authorities.in_progress', 409),
  /** Only a completed check-in is registered. */
  checkinIncomplete: () => new AppError('authorities.checkin_incomplete', 409),
  /** spec 8: 'Credenciales incorrectas...' on a wrong user or password at the test connection. */
  unauthorized: (failedAttempts: number) =>
    new AppError('authorities.unauthorized', 422, {
      params: { attempts: failedAttempts },
      // The failed attempts in a row, so the screen warns before the third (spec 5 advice).
      errors: { failed_attempts: [String(failedAttempts)] },
    }),
  /**
   * Fewer travellers registered than the stay expects (issue 27): sent only when the operator confirms
   * (send_incomplete), so the count is recorded with it.
   */
  travellersMissing: (registered: number, expected: number) =>
    new AppError('authorities.travellers_missing', 409, { params: { registered, expected } }),
  nothingToFile: () => new AppError('authorities.nothing_to_file', 409),
  alreadyUploaded: () => new AppError('authorities.already_uploaded', 409),
  notMossos: () => new AppError('authorities.not_mossos', 409),
};
