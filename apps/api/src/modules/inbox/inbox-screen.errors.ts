import { AppError } from '../../lib/errors.ts';

/** Coded errors of the inbox screen's routes; each code is also a key of src/i18n/*.json. */
export const inboxScreenErrors = {
  /** spec 8 inbox: 'No se ha encontrado la propiedad o el usuario.' (a thread, a property filter, a message). */
  notFound: () => new AppError('inbox.not_found', 404),
  featureUnavailable: () => new AppError('settings.feature_unavailable', 403),
  /** A template or text still has {{variables}} the booking cannot fill, or numbered values missing. */
  templateIncomplete: (missing: string) =>
    new AppError('inbox.template_incomplete', 422, { params: { missing } }),
  invalid: (field: string, key: string) =>
    new AppError('validation.failed', 400, { messageKey: 'validation.failed', errors: { [field]: [key] } }),
};
