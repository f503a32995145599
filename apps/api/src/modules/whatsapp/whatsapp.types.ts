import type { WhatsAppSender } from '../../adapters/whatsapp/types.ts';

/**
 * What the whatsapp module (owner of whatsapp_accounts and message_templates) offers the others
 * (issue 17, docs/messaging.md): the webhook routes a delivery to its account, the inbox sends through
 * the account's sender, broadcasts read the daily limit and the approved templates.
 */
export interface WhatsAppConnections {
  /**
   * The account a webhook's `metadata.phone_number_id` belongs to: a connected own number, or, for the
   * platform's shared number, the account of the guest's open thread (null when none matches).
   */
  accountFor(phoneNumberId: string, guestPhone: string): Promise<string | null>;
  /** The sender of a connected account (its own number, or the shared one); null when not connected. */
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
