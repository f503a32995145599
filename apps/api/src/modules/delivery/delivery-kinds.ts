import type { DeliveryKind } from '@posada/contracts/deliveries';
import type { Config } from '../../config.ts';

/** Who receives a kind of message: the guest's thread keeps guest messages; the rest stand alone. */
export type DeliveryAudience = 'guest' | 'provider' | 'operator';

export interface KindRule {
  audience: DeliveryAudience;
  /** The config setting naming its WhatsApp template outside the 24-hour window (null: none, text only). */
  template: keyof Config | null;
  /**
   * The template categories it may go as (whatsapp-cloud-api.md §6): UTILITY for transactional messages,
   * AUTHENTICATION only for one-time codes and never to carry a link, MARKETING for offers.
   */
  categories: readonly string[];
  /** A POSITIONAL template's values, in order (the link last, or in a URL button). */
  order: readonly string[];
  /** Marketing: a guest's marketing opt-out (131050, user_preferences stop) stops it. */
  marketing: boolean;
  /** Its link is what the message is for: a template that cannot carry it is unusable. */
  needsLink: boolean;
}

const guest = { audience: 'guest' as const, marketing: false, needsLink: false };

/** Every kind's rules (docs/messaging.md, Delivery: the kinds). */
export const kindRules: Record<DeliveryKind, KindRule> = {
  checkin_link: {
    ...guest,
    template: 'WHATSAPP_CHECKIN_TEMPLATE',
    categories: ['UTILITY'],
    order: ['guest_name', 'property_name', 'link'],
    needsLink: true,
  },
  checkin_reminder: {
    ...guest,
    template: 'WHATSAPP_CHECKIN_REMINDER_TEMPLATE',
    categories: ['UTILITY'],
    order: ['guest_name', 'property_name', 'link'],
    needsLink: true,
  },
  verification_code: {
    ...guest,
    template: 'WHATSAPP_TEMPLATE',
    categories: ['AUTHENTICATION'],
    order: ['code'],
  },
  door_code: {
    ...guest,
    template: 'WHATSAPP_DOOR_CODE_TEMPLATE',
    categories: ['UTILITY'],
    order: ['guest_name', 'property_name', 'code', 'valid_from', 'valid_until'],
  },
  review_request: {
    ...guest,
    template: 'WHATSAPP_REVIEW_TEMPLATE',
    categories: ['UTILITY', 'MARKETING'],
    order: ['guest_name', 'property_name', 'scale', 'link'],
    needsLink: true,
  },
  upsell_offer: {
    ...guest,
    template: 'WHATSAPP_UPSELL_TEMPLATE',
    categories: ['MARKETING', 'UTILITY'],
    order: ['guest_name', 'property_name', 'services', 'link'],
    marketing: true,
    needsLink: true,
  },
  service_update: {
    ...guest,
    template: 'WHATSAPP_SERVICE_TEMPLATE',
    categories: ['UTILITY'],
    order: ['guest_name', 'service', 'status', 'link'],
    needsLink: true,
  },
  payment_link: {
    ...guest,
    template: 'WHATSAPP_PAYMENT_TEMPLATE',
    categories: ['UTILITY'],
    order: ['guest_name', 'concept', 'amount', 'link'],
    needsLink: true,
  },
  booking_confirmation: { ...guest, template: null, categories: ['UTILITY'], order: [] },
  concierge_reply: {
    ...guest,
    template: 'WHATSAPP_BOT_TEMPLATE',
    categories: ['UTILITY'],
    order: ['guest_name', 'answer'],
  },
  operator_reply: { ...guest, template: null, categories: ['UTILITY', 'MARKETING'], order: [] },
  broadcast: { ...guest, template: null, categories: ['UTILITY', 'MARKETING'], order: [] },
  provider_notice: {
    audience: 'provider',
    template: 'WHATSAPP_PROVIDER_TEMPLATE',
    categories: ['UTILITY'],
    order: ['service', 'guest_name', 'date', 'total'],
    marketing: false,
    needsLink: false,
  },
  operator_notice: {
    audience: 'operator',
    template: 'WHATSAPP_NOTIFICATION_TEMPLATE',
    categories: ['UTILITY'],
    order: ['title', 'body'],
    marketing: false,
    needsLink: false,
  },
};

/** The channels a kind tries when the operator chose nothing: WhatsApp, then SMS, then e-mail. */
export const defaultChannels = ['whatsapp', 'sms', 'email'] as const;
