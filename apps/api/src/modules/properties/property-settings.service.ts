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
import { propertyAuthorities } from '../../db/schema/properties.ts';
import type { Clock } from '../../lib/clock.ts';
import { commonErrors } from '../../lib/errors.ts';
import type { SealedColumn } from '../../lib/reseal-secrets.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { FilesService } from '../files/files.service.ts';
import { readCertificateInfo } from './authority-certificate.ts';
import { propertiesErrors } from './properties.errors.ts';
import {
  createPropertiesRepo,
  type NewPropertyRow,
  type PropertyAuthoritiesRow,
  type PropertyRow,
} from './properties.repo.ts';

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

/** What the secret box seals the authority password for (HKDF info); the property id is bound to it too. */
export const AUTHORITY_PASSWORD_PURPOSE = 'authorities.password';
/** The Ertzaintza certificate (PFX, base64) and its passphrase, sealed and bound to the property id. */
export const CERTIFICATE_PURPOSE = 'authorities.certificate';
export const CERTIFICATE_PASSWORD_PURPOSE = 'authorities.certificate_password';

/** Sections stored in their own table rather than in columns of the property. */
type OwnTableSection = 'authorities';
type ColumnSection = Exclude<SettingsSection, OwnTableSection>;

/**
 * Each section writes its own columns and nothing else. The logo of name-property is decided by the service
 * (it must be a stored upload), so it is not mapped here.
 */
const sectionColumns: { [S in ColumnSection]: (body: SectionValues[S]) => PropertyUpdate } = {
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
  'accommodation-policies': (b) => ({
    policies: trimmed(b.policies),
    ...(b.checkin_time === undefined ? {} : { checkinTime: b.checkin_time }),
    ...(b.checkout_time === undefined ? {} : { checkoutTime: b.checkout_time }),
  }),
  'welcome-accommodation': (b) => ({ welcome: trimmed(b.welcome) }),
  'region-accommodation': (b) => ({ region: b.region }),
  'seguridad-property': (b) => ({ securityCode: b.security_code }),
  notifications: (b) => ({ confirmWhatsapp: b.whatsapp, confirmEmail: b.email, confirmSms: b.sms }),
  'data-basic-accommodation': (b) => ({ active: b.active }),
  'guest-reviews': (b) => ({ reviewsEnabled: b.enabled, reviewUrl: blankToNull(b.review_url) }),
  'identity-verification': (b) => ({ identityVerification: b.enabled }),
  'page-chat-bot-ia': (b) => ({ botGpt: b.enabled }),
  'cross-selling-property': (b) => ({
    storeEnabled: b.enabled,
    storeType: b.type,
    storeExternalMessage: blankToNull(b.external_message),
    storeExternalUrl: blankToNull(b.external_url),
  }),
  'smart-locks': (b) => ({
    smartLock: b.enabled,
    smartLockDeliveryTime: b.delivery_time,
    smartLockKeyType: b.key_type,
    smartLockMasterCode: blankToNull(b.master_code),
    smartLockRequiresRegistration: b.requires_registration,
  }),
  'checkin-programming': (b) => ({ checkinSchedule: b.schedule }),
};

export function columnsForSection<S extends ColumnSection>(
  section: S,
  body: SectionValues[S],
): PropertyUpdate {
  return sectionColumns[section](body);
}

/** Per gated feature of spec 6: whether the account's plan, effective status and add-ons include it. */
export function featureMap(holder: PlanHolder): Record<string, boolean> {
  return Object.fromEntries(gatedFeatures.map((feature) => [feature, featureAvailable(holder, feature)]));
}

export function toPropertySettings(
  row: PropertyRow,
  authorities: PropertyAuthoritiesRow | null,
  features: Record<string, boolean>,
): PropertySettings {
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
    checkin_time: row.checkinTime,
    checkout_time: row.checkoutTime,
    welcome: localized(row.welcome),
    region: row.region,
    security_code: row.securityCode ?? '',
    notifications: { whatsapp: row.confirmWhatsapp, email: row.confirmEmail, sms: row.confirmSms },
    active: row.active,
    reviews: { enabled: row.reviewsEnabled, review_url: row.reviewUrl ?? '' },
    identity_verification: row.identityVerification,
    bot_enabled: row.botGpt,
    store: {
      enabled: row.storeEnabled,
      type: row.storeType,
      external_message: row.storeExternalMessage ?? '',
      external_url: row.storeExternalUrl ?? '',
    },
    // Never the password, sealed or not: only whether one is stored.
    authorities: {
      entity: authorities?.entity ?? null,
      user: authorities?.username ?? '',
      establishment_code: authorities?.establishmentCode ?? '',
      landlord_code: authorities?.landlordCode ?? '',
      password_set: Boolean(authorities?.passwordCiphertext),
      send_mode: authorities?.sendMode ?? 'immediate',
      certificate_subject: authorities?.certificateSubject ?? null,
      certificate_expires_at: authorities?.certificateExpiresAt?.toISOString() ?? null,
      failed_test_attempts: authorities?.failedTestAttempts ?? 0,
      last_test_at: authorities?.lastTestAt?.toISOString() ?? null,
      last_test_ok: authorities?.lastTestOk ?? null,
    },
    smart_locks: {
      enabled: row.smartLock,
      delivery_time: row.smartLockDeliveryTime,
      key_type: row.smartLockKeyType,
      master_code: row.smartLockMasterCode ?? '',
      requires_registration: row.smartLockRequiresRegistration,
    },
    checkin_schedule: row.checkinSchedule,
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
export function createPropertySettingsService(deps: {
  db: Db;
  clock: Clock;
  accounts: Pick<AccountsService, 'getUser'>;
  files: Pick<FilesService, 'isStoredLogoUrl'>;
  secrets: SecretBox;
  /**
   * smart-locks (built after properties; app.ts binds it late): dynamic keys need an assigned lock, and the
   * stays' door codes follow a change of the section.
   */
  smartLocks?: () => {
    hasLock(accountId: string, propertyId: string): Promise<boolean>;
    propertyChanged(accountId: string, propertyId: string): Promise<void>;
  } | null;
}) {
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

  async function answer(auth: Tenant, row: PropertyRow, available: Record<string, boolean>) {
    return toPropertySettings(row, await repo.findAuthorities(auth.accountId, row.id), available);
  }

  /**
   * spec 3 Authority credentials, all required (spec 5). A blank (or all-space) password keeps the stored one;
   * with none stored yet it is refused on the field, like a schema error, so the form shows it under the
   * password. A given password is stored exactly as typed (spaces included), sealed.
   */
  async function saveAuthorities(auth: Tenant, propertyId: string, body: SectionValues['authorities']) {
    // Issue 14: the Ertzaintza PFX must open with its passphrase before anything is saved.
    const pfx = body.certificate?.trim() ?? '';
    const certificate = pfx ? readCertificateInfo(pfx, body.certificate_password ?? '') : null;
    if (pfx && !certificate) throw commonErrors.invalid({ certificate: ['settings.certificate_invalid'] });
    const values = {
      entity: body.entity,
      username: body.user,
      establishmentCode: body.establishment_code,
      landlordCode: body.landlord_code,
      sendMode: body.send_mode ?? 'immediate',
      updatedAt: deps.clock.now(),
    };
    await saveCredentials(auth, propertyId, body, values);
    if (certificate) {
      await repo.updateAuthorityExtras(auth.accountId, propertyId, {
        certificateSealed: deps.secrets.seal(pfx, CERTIFICATE_PURPOSE, propertyId),
        certificatePasswordSealed: deps.secrets.seal(
          body.certificate_password ?? '',
          CERTIFICATE_PASSWORD_PURPOSE,
          propertyId,
        ),
        certificateSubject: certificate.subject,
        certificateExpiresAt: certificate.expiresAt,
      });
    }
  }

  async function saveCredentials(
    auth: Tenant,
    propertyId: string,
    body: SectionValues['authorities'],
    values: Parameters<typeof repo.updateAuthoritiesKeepingPassword>[2],
  ) {
    if (body.password.trim() === '') {
      const kept = await repo.updateAuthoritiesKeepingPassword(auth.accountId, propertyId, values);
      if (!kept) throw commonErrors.invalid({ password: ['validation.required'] });
      return;
    }
    await repo.upsertAuthorities({
      ...values,
      propertyId,
      accountId: auth.accountId,
      passwordCiphertext: deps.secrets.seal(body.password, AUTHORITY_PASSWORD_PURPOSE, propertyId),
    });
  }

  /** name-property's logo: absent keeps it, null removes it, otherwise it must be an upload of ours. */
  async function logoUpdate(row: PropertyRow, logo: string | null | undefined): Promise<PropertyUpdate> {
    if (logo === undefined || logo === row.logo) return {};
    if (logo === null) return { logo: null };
    if (!(await deps.files.isStoredLogoUrl(logo))) {
      throw commonErrors.invalid({ logo: ['settings.logo_invalid'] });
    }
    return { logo };
  }

  return {
    /**
     * Issue 14 test connection: records the outcome on the stored credentials and answers the failed
     * attempts in a row (a success resets them); null when the property has no credentials.
     */
    async recordAuthorityTest(accountId: string, propertyId: string, ok: boolean): Promise<number | null> {
      const current = await repo.findAuthorities(accountId, propertyId);
      if (!current) return null;
      const failed = ok ? 0 : current.failedTestAttempts + 1;
      await repo.updateAuthorityExtras(accountId, propertyId, {
        failedTestAttempts: failed,
        lastTestAt: deps.clock.now(),
        lastTestOk: ok,
      });
      return failed;
    },

    async get(auth: Tenant, id: string): Promise<PropertySettings> {
      const row = await findOwn(auth, id);
      return answer(auth, row, await features(auth));
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
      const current = await findOwn(auth, id);
      const available = await features(auth);
      assertGate(section, available);
      if (section === 'authorities') {
        await saveAuthorities(auth, current.id, body as SectionValues['authorities']);
        return answer(auth, current, available);
      }
      const locks = section === 'smart-locks' ? (deps.smartLocks?.() ?? null) : null;
      if (section === 'smart-locks') {
        const b = body as SectionValues['smart-locks'];
        // issue 14: dynamic keys are made on a lock; without one assigned there is nothing to make them on.
        if (b.enabled && b.key_type === 'dynamic' && !(await locks?.hasLock(auth.accountId, current.id))) {
          throw commonErrors.invalid({ key_type: ['settings.smart_lock_lock_required'] });
        }
      }
      const columnSection = section as ColumnSection;
      const update = columnsForSection(columnSection, body as SectionValues[ColumnSection]);
      if (section === 'name-property') {
        Object.assign(update, await logoUpdate(current, (body as SectionValues['name-property']).logo));
      }
      const row = await repo.updateProperty(auth.accountId, id, update);
      if (!row) throw propertiesErrors.notFound();
      if (locks) await locks.propertyChanged(auth.accountId, row.id);
      return answer(auth, row, available);
    },
  };
}

/** The authorities' credentials sealed per property, for key rotation (lib/reseal-secrets.ts). */
export const propertiesSealedColumns: SealedColumn[] = [
  {
    label: 'property_authorities.password_ciphertext',
    table: propertyAuthorities,
    key: propertyAuthorities.propertyId,
    value: propertyAuthorities.passwordCiphertext,
    purpose: AUTHORITY_PASSWORD_PURPOSE,
  },
  {
    label: 'property_authorities.certificate_sealed',
    table: propertyAuthorities,
    key: propertyAuthorities.propertyId,
    value: propertyAuthorities.certificateSealed,
    purpose: CERTIFICATE_PURPOSE,
  },
  {
    label: 'property_authorities.certificate_password_sealed',
    table: propertyAuthorities,
    key: propertyAuthorities.propertyId,
    value: propertyAuthorities.certificatePasswordSealed,
    purpose: CERTIFICATE_PASSWORD_PURPOSE,
  },
];
