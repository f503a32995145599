/**
 * The WhatsApp Cloud API as Posada uses it (issue 17; ../shared/spec/integrations/whatsapp-cloud-api.md).
 * One gateway for every sender: the platform's shared number (WHATSAPP_PHONE_NUMBER_ID + WHATSAPP_TOKEN)
 * and each operator's own number (phone_number_id + the sealed token of Embedded Signup). Every call
 * throws AdapterError 'whatsapp.*' on failure; `whatsapp.window_closed` is Meta's 131047 (a free-form
 * message outside the 24-hour window), `whatsapp.template_params` its 132000.
 */
export interface WhatsAppSender {
  phoneNumberId: string;
  token: string;
}

export type OutboundContent =
  | { type: 'text'; body: string }
  | { type: 'image' | 'document' | 'audio' | 'video'; mediaId: string; caption?: string; fileName?: string }
  | {
      type: 'template';
      name: string;
      language: string;
      /** The body's {{1}}, {{2}}… in order. */
      bodyParams: string[];
    };

export interface PhoneNumberInfo {
  id: string;
  displayPhoneNumber: string;
  verifiedName: string;
  /** GREEN | YELLOW | RED | UNKNOWN */
  qualityRating: string;
  /** TIER_250 | TIER_1K | TIER_10K | TIER_100K | TIER_UNLIMITED, as Meta names it. */
  messagingLimitTier: string | null;
}

export interface ApprovedTemplate {
  name: string;
  language: string;
  category: string;
  /** APPROVED | PENDING | REJECTED … */
  status: string;
  /** The BODY component's text with {{1}}… placeholders. */
  body: string;
}

export interface WhatsAppGateway {
  /** POST /{phone_number_id}/messages: answers the wamid Meta gives the accepted message. */
  send(sender: WhatsAppSender, to: string, content: OutboundContent): Promise<{ wamid: string }>;
  /** POST /{phone_number_id}/media (multipart): answers the media id to send. */
  uploadMedia(
    sender: WhatsAppSender,
    file: { bytes: Uint8Array; mime: string; name: string },
  ): Promise<string>;
  /** GET /{media_id} then its short-lived URL with the same bearer: the bytes of an inbound media. */
  downloadMedia(token: string, mediaId: string): Promise<{ bytes: Uint8Array; mime: string }>;
  /** Embedded Signup step 1: GET /oauth/access_token with the app's id and secret. */
  exchangeCode(code: string, redirectUri: string): Promise<{ token: string }>;
  /** The WABA ids the token was granted (GET /debug_token, granular_scopes). */
  grantedWabaIds(token: string): Promise<string[]>;
  /** GET /{waba_id}/phone_numbers. */
  phoneNumbers(token: string, wabaId: string): Promise<PhoneNumberInfo[]>;
  /** GET /{phone_number_id}: quality rating and messaging limit now. */
  phoneNumber(token: string, phoneNumberId: string): Promise<PhoneNumberInfo>;
  /** POST /{waba_id}/subscribed_apps: our app receives the WABA's webhooks. */
  subscribeApp(token: string, wabaId: string): Promise<void>;
  /** DELETE /{waba_id}/subscribed_apps (disconnect). */
  unsubscribeApp(token: string, wabaId: string): Promise<void>;
  /** POST /{phone_number_id}/register with the two-step verification PIN. */
  registerNumber(token: string, phoneNumberId: string, pin: string): Promise<void>;
  /** GET /{waba_id}/message_templates. */
  templates(token: string, wabaId: string): Promise<ApprovedTemplate[]>;
}
