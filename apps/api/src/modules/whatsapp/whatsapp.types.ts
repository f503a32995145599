import type { WhatsAppSender } from '../../adapters/whatsapp/types.ts';

/**
 * What the whatsapp module (owner of whatsapp_accounts and message_templates) offers the others
 * (issue 17, docs/messaging.md): the webhook routes a delivery to its account, the inbox sends through
 * the account's sender, broadcasts read the daily limit and the approved templates.
 */
export interface WhatsAppConnections {
  /**
   * Whose number a webhook's `metadata.phone_number_id` is: a connected own number's account, the
   * platform's shared number (the inbox then finds the account by the guest's phone among the accounts
   * using it), or nobody (the delivery is stored and ignored).
   */
  routeOf(phoneNumberId: string): Promise<{ accountId: string } | { shared: true; accountIds: string[] } | null>;
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
