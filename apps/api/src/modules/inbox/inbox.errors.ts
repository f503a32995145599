import { AppError } from '../../lib/errors.ts';

/** Coded errors of the inbox (issue 17, docs/messaging.md); each code is a key of src/i18n/*.json. */
export const inboxErrors = {
  threadNotFound: () => new AppError('inbox.thread_not_found', 404),
  /** A free-form WhatsApp message more than 24 h after the guest's last message: only templates go out. */
  windowClosed: () => new AppError('inbox.window_closed', 422),
  noPhone: () => new AppError('inbox.no_phone', 422),
  noEmail: () => new AppError('inbox.no_email', 422),
  /** Templates go only by WhatsApp; e-mail and SMS carry text. */
  contentUnsupported: () => new AppError('inbox.content_unsupported', 422),
  whatsappNotConnected: () => new AppError('inbox.whatsapp_not_connected', 422),
  smsNotConfigured: () => new AppError('inbox.sms_not_configured', 503),
  /** POST /api/webhooks/email-inbound without INBOUND_EMAIL_SECRET. */
  emailInboundNotConfigured: () => new AppError('inbox_email.not_configured', 503),
  emailInboundSecretInvalid: () => new AppError('inbox_email.secret_invalid', 401),
};
