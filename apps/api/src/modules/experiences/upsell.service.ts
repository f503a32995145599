import type { UpsellConfig, upsellConfigBody } from '@posada/contracts/experiences';
import { localized, type UpsellMoment, upsellMoments } from '@posada/domain/experiences';
import type { z } from 'zod';
import { type Locale, locales, translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { ExperiencesDeps } from './experiences.deps.ts';
import { experiencesErrors } from './experiences.errors.ts';
import type { StoreAccess } from './store-access.ts';
import { createUpsellRepo, type UpsellSettingRow } from './upsell.repo.ts';

export type UpsellService = ReturnType<typeof createUpsellService>;

/** The moments a day count belongs to, and the count a new property starts with. */
const defaultDays: Partial<Record<UpsellMoment, number>> = { before_arrival: 2, during_stay: 2 };
/** How many service titles a message names. */
export const OFFER_TITLES_MAX = 3;

export const localeOf = (language: string | null | undefined): Locale =>
  (locales as readonly string[]).includes(language ?? '') ? (language as Locale) : 'es';

/**
 * The upselling moments per property (docs/experiences.md "Upselling configuration", spec 2.2
 * /config_properties_notifications/{id}/properties): read and saved by the operator (premium access), and
 * the extra line the check-in link message carries when `checkin_link` is on.
 */
export function createUpsellService(deps: ExperiencesDeps, access: StoreAccess) {
  const repo = createUpsellRepo({ db: deps.db });

  async function ownedProperty(accountId: string, propertyId: string) {
    const row = isUuid(propertyId) ? await repo.ownedProperty(accountId, propertyId) : null;
    if (!row) throw experiencesErrors.propertyNotFound();
    return row;
  }

  /** Offers go over WhatsApp when the account has a sender (own or shared number), else by e-mail. */
  async function channelOf(accountId: string): Promise<'whatsapp' | 'email'> {
    const sender = await deps
      .whatsapp()
      ?.senderFor(accountId)
      .catch(() => null);
    return sender ? 'whatsapp' : 'email';
  }

  async function view(accountId: string, propertyId: string): Promise<UpsellConfig> {
    const property = await ownedProperty(accountId, propertyId);
    const rows = new Map((await repo.settingsOf(accountId, propertyId)).map((r) => [r.moment, r]));
    return {
      property_id: property.id,
      property_name: property.name,
      store_enabled: property.storeEnabled,
      store_type: property.storeType,
      feature_available: await access.crossSelling(accountId),
      channel: await channelOf(accountId),
      moments: upsellMoments.map((moment) => {
        const row = rows.get(moment);
        return {
          moment,
          enabled: row?.enabled ?? false,
          days: moment in defaultDays ? (row?.days ?? defaultDays[moment] ?? null) : null,
          service_ids: row?.serviceIds ?? [],
        };
      }),
      sent: await repo.sentCount(accountId, propertyId),
    };
  }

  return {
    /** GET /api/upselling/config/{propertyId}: every moment, off with its default days until saved. */
    async getConfig(tenant: Tenant, propertyId: string): Promise<UpsellConfig> {
      await access.requirePremium(tenant.accountId);
      return view(tenant.accountId, propertyId);
    },

    /**
     * PUT /api/upselling/config/{propertyId}: each moment once; a switched-on timed moment needs its days;
     * the services must be active ones of this property or of all. Any refusal stores nothing.
     */
    async putConfig(
      tenant: Tenant,
      propertyId: string,
      body: z.output<typeof upsellConfigBody>,
    ): Promise<UpsellConfig> {
      const { accountId } = tenant;
      await access.requirePremium(accountId);
      await ownedProperty(accountId, propertyId);
      const errors: Record<string, string[]> = {};
      const seen = new Set<UpsellMoment>();
      const chosen = [...new Set(body.moments.flatMap((m) => m.service_ids))];
      const offerable = await repo.offerableIds(accountId, propertyId, chosen);
      body.moments.forEach((m, i) => {
        if (seen.has(m.moment)) errors[`moments.${i}.moment`] = ['experiences.moment_repeated'];
        seen.add(m.moment);
        if (m.moment in defaultDays && m.enabled && m.days === null)
          errors[`moments.${i}.days`] = ['experiences.days_invalid'];
        if (m.service_ids.some((id) => !offerable.has(id)))
          errors[`moments.${i}.service_ids`] = ['experiences.service_not_found'];
      });
      if (Object.keys(errors).length > 0) throw new AppError('validation.failed', 400, { errors });

      const now = deps.clock.now();
      await repo.saveSettings(
        body.moments.map((m) => ({
          propertyId,
          accountId,
          moment: m.moment,
          enabled: m.enabled,
          days: m.moment in defaultDays ? m.days : null,
          serviceIds: [...new Set(m.service_ids)],
          updatedAt: now,
        })),
      );
      return view(accountId, propertyId);
    },

    /**
     * The `checkin_link` moment: one more line for the check-in link message naming up to 3 of its services
     * ("After your check-in you can book: …"), in the guest's language. Null when the moment is off, the
     * property's own store is off, the plan has no cross-selling or none of its services is active.
     */
    async checkinLinkLine(accountId: string, propertyId: string, language: string): Promise<string | null> {
      const setting: UpsellSettingRow | null = await repo.setting(propertyId, 'checkin_link');
      if (!setting?.enabled || setting.accountId !== accountId) return null;
      const store = await repo.storeOf(propertyId);
      if (!store?.enabled || store.type !== 'internal') return null;
      if (!(await access.crossSelling(accountId))) return null;
      const offered = await repo.offeredServices(accountId, propertyId, setting.serviceIds);
      if (offered.length === 0) return null;
      const locale = localeOf(language);
      const titles = offered.slice(0, OFFER_TITLES_MAX).map((s) => localized(s.title, locale));
      return translate(locale, 'experiences.message.checkin_link_offer', { services: titles.join(', ') });
    },
  };
}
