// What the webhook, inbox, broadcasts, reviews and the delivery pipeline use of an account's WhatsApp: which
// account a number belongs to, its sender and daily limit, its approved templates, and Meta's account-level
// webhooks (quality, template status and category, disconnection) applied to the stored connection.
import { NEW_BUSINESS_DAILY_LIMIT, SHARED_NUMBER_MAX_PLACES } from '@posada/contracts/whatsapp';
import type { WhatsAppGateway, WhatsAppSender } from '../../adapters/whatsapp/types.ts';
import type { TemplateStatus } from '../../db/schema/messaging.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WhatsAppAccountRow, WhatsAppRepo } from './whatsapp.repo.ts';
import type { WhatsAppConnections } from './whatsapp.types.ts';
import { dailyLimitOfTier, templateStateOf, templateStatusOf } from './whatsapp-templates.ts';

export interface ConnectionsDeps {
  repo: WhatsAppRepo;
  clock: Clock;
  gateway: WhatsAppGateway | null;
  sharedPhoneNumberId: string | undefined;
  /** The platform's shared number, when configured. */
  sharedSender(): WhatsAppSender | null;
  /** An own number's access token, opened from its sealed copy. */
  tokenOf(row: WhatsAppAccountRow): string | null;
  /** Whether the account sends from the shared number because it connected none of its own. */
  onSharedByDefault(accountId: string): Promise<boolean>;
  /** Fetches the shared number's templates into the account's list. */
  syncShared(accountId: string): Promise<void>;
  /** The shared number's WhatsApp Business Account id (fetched once). */
  sharedWabaId(): Promise<string | null>;
}

export type WhatsAppConnectionsWithWebhooks = WhatsAppConnections & {
  applyWebhookChange(change: { field: string; wabaId: string | null; value: unknown }): Promise<void>;
};

export function createWhatsAppConnections(d: ConnectionsDeps): WhatsAppConnectionsWithWebhooks {
  return {
    async routeOf(phoneNumberId) {
      const own = await d.repo.findConnectedOwnByPhone(phoneNumberId);
      if (own) return { accountId: own.accountId };
      if (d.sharedPhoneNumberId && phoneNumberId === d.sharedPhoneNumberId) return { shared: true };
      return null;
    },

    async senderFor(accountId) {
      const row = await d.repo.findByAccount(accountId);
      if (row?.status === 'disconnected') return null;
      if (row?.mode === 'own') {
        const token = d.tokenOf(row);
        return token && row.phoneNumberId
          ? {
              phoneNumberId: row.phoneNumberId,
              token,
              mode: 'own',
              displayPhoneNumber: row.displayPhoneNumber,
            }
          : null;
      }
      const shared = d.sharedSender();
      if (!shared) return null;
      if ((await d.repo.countPlaces(accountId)) > SHARED_NUMBER_MAX_PLACES) return null;
      return { ...shared, mode: 'shared', displayPhoneNumber: row?.displayPhoneNumber ?? null };
    },

    async dailyLimit(accountId) {
      return (await d.repo.findByAccount(accountId))?.messagingLimit ?? NEW_BUSINESS_DAILY_LIMIT;
    },

    async approvedTemplate(accountId, name, language) {
      let found = await d.repo.findApproved(accountId, name, language);
      if (!found && (await d.onSharedByDefault(accountId))) {
        // An account on the shared number by default has no synced templates yet: fetch them once.
        await d.syncShared(accountId);
        found = await d.repo.findApproved(accountId, name, language);
      }
      if (!found) return null;
      return {
        id: found.id,
        name: found.name,
        language: found.language,
        category: (found.category ?? 'UTILITY').toUpperCase(),
        body: found.body,
        parameterFormat: found.parameterFormat === 'NAMED' ? 'NAMED' : 'POSITIONAL',
        components: found.components ?? null,
      };
    },

    async templateStates(accountId, names) {
      const wanted = [...new Set(names.filter(Boolean))];
      if (!wanted.length) return [];
      if (!(await d.repo.hasWhatsAppTemplates(accountId)) && (await d.onSharedByDefault(accountId)))
        await d.syncShared(accountId);
      return (await d.repo.templatesNamed(accountId, wanted)).map(templateStateOf);
    },

    /** Meta's account-level webhooks (the webhook module hands them here). */
    async applyWebhookChange({ field, wabaId, value }) {
      const v = (value ?? {}) as Record<string, unknown>;
      const rows = wabaId ? await d.repo.listConnectedOwnByWaba(wabaId) : [];
      const now = d.clock.now();
      if (field === 'phone_number_quality_update') {
        for (const row of rows) {
          const token = d.tokenOf(row);
          const info =
            token && row.phoneNumberId && d.gateway
              ? await d.gateway.phoneNumber(token, row.phoneNumberId).catch(() => null)
              : null;
          await d.repo.update(row.id, {
            qualityRating: info?.qualityRating ?? row.qualityRating,
            messagingLimit: dailyLimitOfTier(
              info?.messagingLimitTier ?? (typeof v.current_limit === 'string' ? v.current_limit : null),
            ),
            updatedAt: now,
          });
        }
      } else if (field === 'message_template_status_update' || field === 'template_category_update') {
        const name = typeof v.message_template_name === 'string' ? v.message_template_name : null;
        if (!name) return;
        const language = typeof v.message_template_language === 'string' ? v.message_template_language : null;
        const change: { status?: TemplateStatus; category?: string } = {};
        if (field === 'message_template_status_update') {
          if (typeof v.event === 'string' && v.event) change.status = templateStatusOf(v.event);
          if (typeof v.message_template_category === 'string' && v.message_template_category)
            change.category = v.message_template_category.toUpperCase();
        } else if (typeof v.new_category === 'string' && v.new_category) {
          // Completed re-categorisations only: an impending one (`correct_category`) changes nothing yet.
          change.category = v.new_category.toUpperCase();
        }
        const accountIds = rows.length
          ? rows.map((r) => r.accountId)
          : wabaId && wabaId === (await d.sharedWabaId())
            ? await d.repo.accountsOnSharedTemplates()
            : [];
        await d.repo.setTemplateState(accountIds, name, language, change, now);
      } else if (field === 'account_update') {
        const event = typeof v.event === 'string' ? v.event : '';
        if (!['PARTNER_REMOVED', 'ACCOUNT_DELETED', 'DISABLED_UPDATE'].includes(event)) return;
        for (const row of rows) {
          await d.repo.update(row.id, {
            status: 'disconnected',
            disconnectedAt: now,
            tokenSealed: null,
            updatedAt: now,
          });
        }
      }
    },
  };
}
