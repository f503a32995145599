import type { TemplateComponents } from '@posada/domain/whatsapp-templates';

export { isTemporaryWhatsAppError, WhatsAppError } from './whatsapp-error.ts';

/**
 * The WhatsApp Cloud API as Posada uses it (issues 17 and 26; ../shared/spec/integrations/whatsapp-cloud-api.md).
 * One gateway for every sender: the platform's shared number (WHATSAPP_PHONE_NUMBER_ID + WHATSAPP_TOKEN)
 * and each operator's own number (phone_number_id + the sealed token of Embedded Signup). Every call
 * throws WhatsAppError (an AdapterError 'whatsapp.*' with Meta's `metaCode`, `title`, `details` and
 * `temporary`); `whatsapp.window_closed` is Meta's 131047 when it answers it synchronously (a free-form
 * message outside the 24-hour window: usually it is accepted and fails later in a `failed` status webhook),
 * `whatsapp.template_params` its 132000.
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
      /** The body's {{1}}, {{2}}… in order (NAMED templates: the values of `bodyNames`, same order). */
      bodyParams: string[];
      /** NAMED templates: the body parameters' names (`parameter_name`), one per `bodyParams` entry. */
      bodyNames?: string[];
      /**
       * The header's parameter: text (its {{1}}), or a media header's link (https://…) or uploaded media id.
       * `name` is the `parameter_name` of a NAMED template's text header.
       */
      headerParams?: { type: 'text' | 'image' | 'document' | 'video'; value: string; name?: string }[];
      /**
       * Button parameters by the button's 0-based position: a URL button's dynamic suffix (its {{1}}), or the
       * code of an authentication template's OTP button (sub type `url`); `copy_code` is a marketing coupon.
       */
      buttonParams?: { index: number; subType: 'url' | 'copy_code'; value: string }[];
    };

/** What Meta answers an accepted send: its id, and whether the template is held by pacing. */
export interface SendResult {
  wamid: string;
  messageStatus: 'accepted' | 'held_for_quality_assessment';
}

export interface SendOptions {
  /** `biz_opaque_callback_data` (≤ 512 bytes): echoed in every status webhook of the message. */
  callbackData?: string;
}

export interface PhoneNumberInfo {
  id: string;
  displayPhoneNumber: string;
  verifiedName: string;
  /** GREEN | YELLOW | RED | UNKNOWN */
  qualityRating: string;
  /** TIER_250 | TIER_1K | TIER_10K | TIER_100K | TIER_UNLIMITED, as Meta names it. */
  messagingLimitTier: string | null;
}

/** A template of a WABA as Meta lists it (any status, despite the name: only APPROVED ones can be sent). */
export interface ApprovedTemplate {
  name: string;
  language: string;
  /** MARKETING | UTILITY | AUTHENTICATION */
  category: string;
  /** Meta's status, any value: APPROVED, PENDING, REJECTED, PAUSED, DISABLED, IN_APPEAL… */
  status: string;
  /** The BODY component's text with {{1}}… (POSITIONAL) or {{name}} (NAMED) placeholders. */
  body: string;
  parameterFormat: 'POSITIONAL' | 'NAMED';
  /** What sending it needs besides the body: header format and variables, body variables, buttons. */
  components: TemplateComponents;
}

export interface WhatsAppGateway {
  /**
   * POST /{phone_number_id}/messages: answers the wamid Meta gives the accepted message. Accepted is not
   * delivered: the status webhooks (sent, delivered, read, failed) say what became of it.
   */
  send(
    sender: WhatsAppSender,
    to: string,
    content: OutboundContent,
    options?: SendOptions,
  ): Promise<SendResult>;
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
