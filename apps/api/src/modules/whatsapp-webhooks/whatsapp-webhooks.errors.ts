import { AppError } from '../../lib/errors.ts';

/** Coded errors of the WhatsApp webhook (docs/messaging.md, Webhooks); each code is a key of src/i18n/*.json. */
export const whatsappWebhooksErrors = {
  /** WHATSAPP_APP_SECRET (POST) or WHATSAPP_VERIFY_TOKEN (GET) is not set: nothing is accepted; Meta retries. */
  notConfigured: () => new AppError('whatsapp_webhooks.not_configured', 503),
  /** No X-Hub-Signature-256 header. */
  signatureMissing: () => new AppError('whatsapp_webhooks.signature_missing', 401),
  /** The signature is not HMAC-SHA256(app secret, the raw body): forged, or changed on the way. */
  signatureInvalid: () => new AppError('whatsapp_webhooks.signature_invalid', 401),
  /** Signed, but not JSON. */
  payloadInvalid: () => new AppError('whatsapp_webhooks.payload_invalid', 400),
  /** Objects and arrays nested deeper than 64 levels (payload-guard.ts): refused before it is parsed or stored. */
  payloadTooDeep: () => new AppError('whatsapp_webhooks.payload_too_deep', 400),
  /** Over Meta's documented 3 MB (payload-guard.ts): refused before it is read. */
  payloadTooLarge: () => new AppError('whatsapp_webhooks.payload_too_large', 413),
  /** The GET handshake with another mode or token. */
  verifyTokenInvalid: () => new AppError('whatsapp_webhooks.verify_token_invalid', 403),
};
