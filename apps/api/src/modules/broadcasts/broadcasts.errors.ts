import { AppError } from '../../lib/errors.ts';

/** Coded errors of the mass messages (docs/messaging.md, Mass messages); each code is a key of src/i18n/*.json. */
export const broadcastsErrors = {
  notFound: () => new AppError('broadcasts.not_found', 404),
  /** The plan does not include messaging (spec 6; free during the trial). */
  featureUnavailable: () => new AppError('settings.feature_unavailable', 403),
  /** No WhatsApp number sends for the account: connect one first. */
  noSender: () => new AppError('broadcasts.no_sender', 409),
  /** The template is not one of the account's approved WhatsApp templates (any more). */
  templateNotApproved: () =>
    new AppError('validation.failed', 400, { errors: { template_id: ['broadcasts.template_not_approved'] } }),
  /** The template needs a value a broadcast cannot fill (a check-in link, a door code, a numbered {{1}}). */
  templateNotUsable: () =>
    new AppError('validation.failed', 400, { errors: { template_id: ['broadcasts.template_not_usable'] } }),
  /** A numbered placeholder ({{1}}…) of the template has no value chosen. */
  paramsMissing: () =>
    new AppError('validation.failed', 400, { errors: { params: ['broadcasts.params_missing'] } }),
  /** Nobody of the filter can receive it (no phone, opted out, the daily limit reached). */
  noRecipients: () => new AppError('broadcasts.no_recipients', 422),
  /** The filter gathers more bookings than one broadcast may hold. */
  tooMany: () => new AppError('broadcasts.too_many', 422),
  /** The server has no WhatsApp (WHATSAPP_* configuration) or no inbox to send through. */
  notConfigured: () => new AppError('broadcasts.not_configured', 503),
  /** Cancel of a broadcast already finished. */
  finished: () => new AppError('broadcasts.finished', 409),
};
