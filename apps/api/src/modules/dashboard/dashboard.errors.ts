import { AppError } from '../../lib/errors.ts';

/** Coded errors of the dashboard; each code is also its message key in src/i18n. */
export const dashboardErrors = {
  /** Another account's property, an unknown one: not found (ARCHITECTURE §3). */
  propertyNotFound: () => new AppError('properties.not_found', 404),
};
