import type { TemplateComponents } from '@posada/domain/whatsapp-templates';
import type { WhatsAppSender } from '../../adapters/whatsapp/types.ts';

/** A synced WhatsApp template of an account (message_templates), as sending and the settings need it. */
export interface WhatsAppTemplateState {
  name: string;
  language: string;
  /** Meta's status lowercased: approved, pending, rejected, paused, disabled, in_appeal… */
  status: string;
  /** MARKETING | UTILITY | AUTHENTICATION (null: unknown). */
  category: string | null;
  parameterFormat: 'POSITIONAL' | 'NAMED';
  /** Header, body variables and buttons (null for rows synced before issue 26: read the body). */
  components: TemplateComponents | null;
  /** The body with its placeholders, as approved. */
  body: string;
}

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
  senderFor(
    accountId: string,
  ): Promise<(WhatsAppSender & { mode: 'own' | 'shared'; displayPhoneNumber?: string | null }) | null>;
  /** The account's messaging limit (business-initiated conversations a day; spec 9: 1000 for a new business). */
  dailyLimit(accountId: string): Promise<number>;
  /**
   * An APPROVED WhatsApp template of the account by name and language (exactly: `es` is not `es_ES`), with
   * what sending it needs; null for any other status. An account on the shared number by default gets the
   * shared WABA's templates synced on first need. `id` is the message_templates row.
   */
  approvedTemplate(
    accountId: string,
    name: string,
    language: string,
  ): Promise<{
    id: string;
    name: string;
    language: string;
    category: string;
    body: string;
    parameterFormat: 'POSITIONAL' | 'NAMED';
    components: TemplateComponents | null;
  } | null>;
  /** Every synced row of these template names, any status and language (the settings screen's readiness). */
  templateStates(accountId: string, names: string[]): Promise<WhatsAppTemplateState[]>;
}
