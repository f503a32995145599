import type {
  BotReply,
  BotSettings,
  BotStatus,
  botMissingValues,
  botPreviewBody,
  botSettingsBody,
} from '@posada/contracts/concierge';
import {
  type BotAction,
  botActions,
  botUsable,
  conciergeLanguages,
  guessLanguage,
} from '@posada/domain/concierge';
import type { z } from 'zod';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { ConciergeDeps } from './concierge.deps.ts';
import { conciergeErrors } from './concierge.errors.ts';
import { decide } from './decide.ts';
import type { KnowledgeService } from './knowledge.service.ts';
import { type BotSettingsRow, createQuestionsRepo } from './questions.repo.ts';

export type BotSettingsService = ReturnType<typeof createBotSettingsService>;

type Missing = (typeof botMissingValues)[number];

/** A property without a bot_settings row: nothing allowed, nothing shared, 13:00 / 12:00, free. */
export const defaultBotSettings = {
  allowedActions: [] as BotAction[],
  wifiName: '',
  wifiPassword: '',
  shareWifi: false,
  accessInstructions: { es: '', en: '', ar: '' },
  shareAccess: false,
  lateCheckoutUntil: '13:00',
  lateCheckoutPrice: 0,
  earlyCheckinFrom: '12:00',
  earlyCheckinPrice: 0,
};
type SettingsValues = typeof defaultBotSettings;

const toSettings = (propertyId: string, currency: string, s: SettingsValues): BotSettings => ({
  property_id: propertyId,
  // Stored in the domain's order, unknown names dropped.
  allowed_actions: botActions.filter((a) => s.allowedActions.includes(a)),
  wifi_name: s.wifiName,
  wifi_password: s.wifiPassword,
  share_wifi: s.shareWifi,
  access_instructions: s.accessInstructions,
  share_access: s.shareAccess,
  late_checkout_until: s.lateCheckoutUntil,
  late_checkout_price: s.lateCheckoutPrice,
  early_checkin_from: s.earlyCheckinFrom,
  early_checkin_price: s.earlyCheckinPrice,
  currency,
});

/** Whether the operator marked a fact as shareable and wrote it (Wi-Fi, how to get in). */
const sharesAFact = (s: SettingsValues) =>
  (s.shareWifi && Boolean(s.wifiName || s.wifiPassword)) ||
  (s.shareAccess && Object.values(s.accessInstructions).some((t) => t.trim()));

/**
 * The property's bot policy and shareable facts (bot_settings, pageManageChatBot), whether the bot can
 * answer there (spec 5, issue 19 point 5, spec 8) and the preview of what it would answer (docs/concierge.md
 * "Knowledge admin API"). Empresa; another account's property is 404.
 */
export function createBotSettingsService(deps: ConciergeDeps, knowledge: KnowledgeService) {
  const repo = createQuestionsRepo({ db: deps.db });

  async function ownedProperty(tenant: Tenant, propertyId: string) {
    const row = isUuid(propertyId) ? await repo.ownedProperty(tenant.accountId, propertyId) : null;
    if (!row) throw conciergeErrors.propertyNotFound();
    return row;
  }

  /** The stored settings, or the defaults. */
  async function valuesOf(accountId: string, propertyId: string): Promise<SettingsValues> {
    const row: BotSettingsRow | null = await repo.settings(accountId, propertyId);
    if (!row) return defaultBotSettings;
    const { propertyId: _p, accountId: _a, updatedAt: _u, ...values } = row;
    return values;
  }

  /** spec 8: the approved bot template (WHATSAPP_BOT_TEMPLATE) in any of the bot's languages. */
  async function templateMissing(accountId: string): Promise<boolean> {
    const connections = deps.whatsapp();
    if (!connections || !deps.botTemplate) return true;
    for (const language of conciergeLanguages) {
      const found = await connections
        .approvedTemplate(accountId, deps.botTemplate, language)
        .catch(() => null);
      if (found) return false;
    }
    return true;
  }

  return {
    /** The settings the answering pipeline applies (defaults when the operator never saved them). */
    valuesOf,

    async get(tenant: Tenant, propertyId: string): Promise<BotSettings> {
      const property = await ownedProperty(tenant, propertyId);
      return toSettings(propertyId, property.currency, await valuesOf(tenant.accountId, propertyId));
    },

    async put(
      tenant: Tenant,
      propertyId: string,
      body: z.output<typeof botSettingsBody>,
    ): Promise<BotSettings> {
      const property = await ownedProperty(tenant, propertyId);
      const values: SettingsValues = {
        allowedActions: botActions.filter((a) => body.allowed_actions.includes(a)),
        wifiName: body.wifi_name,
        wifiPassword: body.wifi_password,
        shareWifi: body.share_wifi,
        accessInstructions: body.access_instructions,
        shareAccess: body.share_access,
        lateCheckoutUntil: body.late_checkout_until,
        lateCheckoutPrice: body.late_checkout_price,
        earlyCheckinFrom: body.early_checkin_from,
        earlyCheckinPrice: body.early_checkin_price,
      };
      await repo.saveSettings({
        ...values,
        propertyId,
        accountId: tenant.accountId,
        updatedAt: deps.clock.now(),
      });
      return toSettings(propertyId, property.currency, values);
    },

    /** What keeps the bot from answering at this property, the spec 8 template warning and the engine. */
    async status(tenant: Tenant, propertyId: string): Promise<BotStatus> {
      const property = await ownedProperty(tenant, propertyId);
      const { accountId } = tenant;
      const counts = await repo.counts(accountId, propertyId);
      const settings = await valuesOf(accountId, propertyId);
      const sender = await deps
        .whatsapp()
        ?.senderFor(accountId)
        .catch(() => null);
      const missing: Missing[] = [];
      if (
        !botUsable({
          plan: property.plan,
          status_subscription: property.statusSubscription,
          botEnabled: true,
        })
      )
        missing.push('plan');
      if (!property.botGpt) missing.push('bot_flag');
      if (!sender) missing.push('whatsapp');
      if (counts.answered === 0 && !sharesAFact(settings)) missing.push('knowledge');
      return {
        active: missing.length === 0,
        missing,
        template_missing: await templateMissing(accountId),
        engine: deps.engines.llm ? 'llm' : 'embedded',
        answered: counts.answered,
        pending: counts.pending,
      };
    },

    /** What the bot would answer to `message` here: nothing is sent, stored or counted. */
    async preview(
      tenant: Tenant,
      propertyId: string,
      body: z.output<typeof botPreviewBody>,
    ): Promise<BotReply> {
      await ownedProperty(tenant, propertyId);
      const language = body.language ?? guessLanguage(body.message);
      const settings = await valuesOf(tenant.accountId, propertyId);
      const entries = await knowledge.entriesFor({
        accountId: tenant.accountId,
        propertyId,
        checkinId: null,
        language,
      });
      const input = {
        message: body.message,
        language,
        knowledge: entries,
        allowedActions: settings.allowedActions,
        history: [],
      };
      // Like the answering: the LLM engine when configured, the embedded one when it fails.
      const { llm, embedded } = deps.engines;
      if (llm) {
        try {
          return (await decide(llm, input)).reply;
        } catch (error) {
          deps.logger.warn(
            { err: error },
            'concierge: the LLM engine failed, the preview uses the embedded one',
          );
        }
      }
      return (await decide(embedded, input)).reply;
    },
  };
}
