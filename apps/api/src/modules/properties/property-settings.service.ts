import type { Currency, LocalizedText } from '@posada/contracts/properties';
import {
  type PropertySettings,
  type SettingsSection,
  type settingsSectionBodies,
  settingsSectionGate,
} from '@posada/contracts/property-settings';
import { featureAvailable, gatedFeatures, type PlanHolder } from '@posada/domain/feature-gates';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { LocalizedColumn } from '../../db/schema/properties.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { propertiesErrors } from './properties.errors.ts';
import { createPropertiesRepo, type NewPropertyRow, type PropertyRow } from './properties.repo.ts';
import { isUuid, type Tenant } from './properties.service.ts';

/** A validated section body (after the contract's trims and defaults). */
export type SectionValues = { [S in SettingsSection]: z.output<(typeof settingsSectionBodies)[S]> };
type PropertyUpdate = Partial<NewPropertyRow>;

const localized = (value: LocalizedColumn | null): LocalizedText =>
  value ? { es: value.es ?? '', en: value.en ?? '', ar: value.ar ?? '' } : { es: '', en: '', ar: '' };
const trimmed = (t: LocalizedText): LocalizedColumn => ({
  es: t.es.trim(),
  en: t.en.trim(),
  ar: t.ar.trim(),
});
const blankToNull = (value: string) => (value.trim() ? value.trim() : null);

/** Each section writes its own columns and nothing else. */
const sectionColumns: { [S in SettingsSection]: (body: SectionValues[S]) => PropertyUpdate } = {
  'name-property': (b) => ({ nombre: b.nombre, internalName: blankToNull(b.internal_name) }),
  'location-property': (b) => ({
    pais: b.pais.toUpperCase(),
    address: b.address,
    city: b.city,
    zipCode: blankToNull(b.zip_code),
  }),
  'services-property': (b) => ({ services: [...new Set(b.services)] }),
  'capacity-property': (b) => ({ guests: b.guests, bedrooms: b.bedrooms, bathrooms: b.bathrooms }),
  'price-property': (b) => ({ priceNight: b.price_night, currency: b.currency }),
  'description-property': (b) => ({ description: trimmed(b.description) }),
  'accommodation-policies': (b) => ({ policies: trimmed(b.policies) }),
  'welcome-accommodation': (b) => ({ welcome: trimmed(b.welcome) }),
  'region-accommodation': (b) => ({ region: b.region }),
  'seguridad-property': (b) => ({ securityCode: b.security_code }),
  notifications: (b) => ({ confirmWhatsapp: b.whatsapp, confirmEmail: b.email, confirmSms: b.sms }),
  'data-basic-accommodation': (b) => ({ active: b.active }),
  'guest-reviews': (b) => ({ reviewsEnabled: b.enabled, reviewUrl: blankToNull(b.review_url) }),
  'identity-verification': (b) => ({ identityVerification: b.enabled }),
  'page-chat-bot-ia': (b) => ({ botGpt: b.enabled }),
};

export function columnsForSection<S extends SettingsSection>(
  section: S,
  body: SectionValues[S],
): PropertyUpdate {
  return sectionColumns[section](body);
}

/** Per gated feature of spec 6: whether the account's plan, effective status and add-ons include it. */
export function featureMap(holder: PlanHolder): Record<string, boolean> {
  return Object.fromEntries(gatedFeatures.map((feature) => [feature, featureAvailable(holder, feature)]));
}

export function toPropertySettings(row: PropertyRow, features: Record<string, boolean>): PropertySettings {
  return {
    id: row.id,
    tipo_propiedad: row.tipoPropiedad,
    nombre: row.nombre,
    internal_name: row.internalName ?? '',
    logo: row.logo,
    pais: row.pais,
    address: row.address ?? '',
    city: row.city ?? '',
    zip_code: row.zipCode ?? '',
    services: row.services as PropertySettings['services'],
    guests: row.guests,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    price_night: row.priceNight,
    currency: row.currency as Currency,
    description: localized(row.description),
    policies: localized(row.policies),
    welcome: localized(row.welcome),
    region: row.region,
    security_code: row.securityCode ?? '',
    notifications: { whatsapp: row.confirmWhatsapp, email: row.confirmEmail, sms: row.confirmSms },
    active: row.active,
    reviews: { enabled: row.reviewsEnabled, review_url: row.reviewUrl ?? '' },
    identity_verification: row.identityVerification,
    bot_enabled: row.botGpt,
    features,
  };
}

/** spec 6: a section that needs a feature the subscription lacks answers 403 settings.feature_unavailable. */
function assertGate(section: SettingsSection, available: Record<string, boolean>): void {
  const gate = settingsSectionGate[section];
  if (gate && !available[gate]) throw propertiesErrors.featureUnavailable();
}

export type PropertySettingsService = ReturnType<typeof createPropertySettingsService>;

/** The property settings pages (spec 2.2 properties/edition/{id}): read all, save one section. */
export function createPropertySettingsService(deps: { db: Db; accounts: Pick<AccountsService, 'getUser'> }) {
  const repo = createPropertiesRepo({ db: deps.db });

  async function features(auth: Tenant): Promise<Record<string, boolean>> {
    // getUser answers the effective status: a demo past its trial end reads as demo_expired.
    const user = await deps.accounts.getUser(auth.userId);
    return featureMap({
      plan: user.plan,
      status_subscription: user.status_subscription,
      servicios: user.servicios,
    });
  }

  async function findOwn(auth: Tenant, id: string): Promise<PropertyRow> {
    const row = isUuid(id) ? await repo.find(auth.accountId, id) : null;
    if (!row) throw propertiesErrors.notFound();
    return row;
  }

  return {
    async get(auth: Tenant, id: string): Promise<PropertySettings> {
      const row = await findOwn(auth, id);
      return toPropertySettings(row, await features(auth));
    },

    /**
     * Who may save a section, decided before its body is read: 404 for a property that is not the
     * account's, 403 when the section is gated out of the subscription.
     */
    async checkSection(auth: Tenant, id: string, section: SettingsSection): Promise<void> {
      await findOwn(auth, id);
      assertGate(section, await features(auth));
    },

    /** Saves one section's fields (the body already validated by the section's contract schema). */
    async saveSection<S extends SettingsSection>(
      auth: Tenant,
      id: string,
      section: S,
      body: SectionValues[S],
    ): Promise<PropertySettings> {
      await findOwn(auth, id);
      const available = await features(auth);
      assertGate(section, available);
      const row = await repo.updateProperty(auth.accountId, id, columnsForSection(section, body));
      if (!row) throw propertiesErrors.notFound();
      return toPropertySettings(row, available);
    },
  };
}
