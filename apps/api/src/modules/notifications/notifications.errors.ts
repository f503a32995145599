import { AppError } from '../../lib/errors.ts';

/** Coded errors of the bell; each code is also a key of src/i18n/*.json. */
export const notificationsErrors = {
  notFound: () => new AppError('notifications.not_found', 404),
};
