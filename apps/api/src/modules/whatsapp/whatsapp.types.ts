import type { WhatsAppSender } from '../../adapters/whatsapp/types.ts';

/**
 * What the whatsapp module (owner of whatsapp_accounts and message_templates) offers the others
 * (issue 17, docs/messaging.md): the webhook routes a delivery to its account, the inbox sends through
 * the account's sender, broadcasts read the daily limit and the approved templates.
 */
export interface WhatsAppConnections {
  /**
   * Whose number a webhook's `metadata.phone_number_id` is: a connected own number's account, the
   * platform's shared number (WHATSAPP_PHONE_NUMBER_ID; the inbox then finds the account by the guest's
   * phone: their most recent thread, else a current or coming booking or check-in with that phone), or
   * nobody (the delivery is stored and ignored).
   */
  routeOf(phoneNumberId: string): Promise<{ accountId: string } | { shared: true } | null>;
  /**
   * The sender of an account: its own connected number; else the platform's shared number when it is
   * configured, the account has at most 50 places (spec 9) and has not disconnected messaging; else null.
   */
  senderFor(accountId: string): Promise<(WhatsAppSender & { mode: 'own' | 'shared' }) | null>;
  /** The account's messaging limit (business-initiated conversations a day; spec 9: 1000 for a new business). */
  dailyLimit(accountId: string): Promise<number>;
  /** An approved WhatsApp template of the account by name and language, with its body. */
  approvedTemplate(
    accountId: string,
    name: string,
    language: string,
  ): Promise<{ id: string; name: string; language: string; body: string } | null>;
}
