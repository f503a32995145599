import { featureAvailable } from '@posada/domain/feature-gates';
import { effectiveSubscriptionStatus, type StatusSubscription } from '@posada/domain/subscription';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type {
  PoliceCommunication,
  PoliceCredentials,
  PoliceError,
  PoliceEstablishment,
  PoliceService,
} from '../../adapters/police/types.ts';
import type { Db } from '../../db/client.ts';
import { type Locale, locales } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { DOCUMENT_PURPOSE } from '../checkins/checkin-links.ts';
import {
  AUTHORITY_PASSWORD_PURPOSE,
  CERTIFICATE_PASSWORD_PURPOSE,
  CERTIFICATE_PURPOSE,
} from '../properties/property-settings.service.ts';
import {
  type AuthorityRow,
  createAuthoritiesRepo,
  type PropertyRow,
  type RegistrationRow,
} from './authorities.repo.ts';
import { ineMunicipalityOf } from './ine-municipality.ts';

import {
  type GuestRecord,
  holderOf,
  pathOf,
  type StayRecord,
  toCommunication,
} from './registration-rules.ts';

/** Mossos d'Esquadra has no web service: the adapter builds the V24 file and checks a communication. */
export interface MossosFiles {
  build(
    establishment: PoliceEstablishment,
    entries: { kind: 'PV' | 'RH'; communication: PoliceCommunication }[],
    opts: { day: string; sequence: number; now: Date; timeZone: string },
  ): { fileName: string; content: Buffer | Uint8Array | string };
  check(
    kind: 'PV' | 'RH',
    establishment: PoliceEstablishment,
    communication: PoliceCommunication,
  ): PoliceError[];
}

/** The police services the module is given (adapters/index.ts); null when not configured. */
export interface PoliceServices {
  ses: PoliceService | null;
  ertzaintza: PoliceService | null;
  mossos: MossosFiles | null;
}

export interface AuthoritySetup {
  property: PropertyRow;
  authority: AuthorityRow;
}

/**
 * What every part of the pipeline needs to talk to an authority: the property's settings (gated by the
 * subscription, spec 6), the unsealed credentials, the establishment, and our rows as a PoliceCommunication.
 */
export function createRegistrationContext(deps: {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  police: PoliceServices;
}) {
  const repo = createAuthoritiesRepo({ db: deps.db });

  /** spec 6: authority reporting is subscription-gated, like the settings page. */
  async function gated(accountId: string): Promise<boolean> {
    const account = await repo.account(accountId);
    if (!account) return false;
    const status = effectiveSubscriptionStatus(
      account.statusSubscription as StatusSubscription,
      account.trialEndsAt,
      deps.clock.now(),
    );
    return featureAvailable(
      { plan: account.plan, status_subscription: status, servicios: account.servicios },
      'authorities',
    );
  }

  /** The property's authority settings; null when none are saved (the check-in says "not configured"). */
  async function setupOf(accountId: string, propertyId: string): Promise<AuthoritySetup | null> {
    const property = await repo.property(accountId, propertyId);
    if (!property) return null;
    const authority = await repo.authority(property.id);
    if (!authority) return null;
    return { property, authority };
  }

  function credentialsOf(a: AuthorityRow): PoliceCredentials {
    const password = deps.secrets.open(a.passwordCiphertext, AUTHORITY_PASSWORD_PURPOSE, a.propertyId);
    const certificate =
      a.certificateSealed && a.certificatePasswordSealed
        ? {
            pfx: Buffer.from(
              deps.secrets.open(a.certificateSealed, CERTIFICATE_PURPOSE, a.propertyId),
              'base64',
            ),
            passphrase: deps.secrets.open(
              a.certificatePasswordSealed,
              CERTIFICATE_PASSWORD_PURPOSE,
              a.propertyId,
            ),
          }
        : undefined;
    return { username: a.username, password, ...(certificate ? { certificate } : {}) };
  }

  function establishmentOf({ property, authority }: AuthoritySetup): PoliceEstablishment {
    return {
      establishmentCode: authority.establishmentCode,
      landlordCode: authority.landlordCode,
      name: property.nombre,
      address: property.address ?? '',
      city: property.city ?? '',
      postalCode: property.zipCode ?? '',
      propertyType: property.tipoPropiedad,
    };
  }

  /** The web service of an entity; throws `<service>.unreachable` when it is not configured here. */
  function serviceOf(setup: AuthoritySetup): PoliceService {
    const path = pathOf(setup.authority.entity);
    const service = path === 'ses' ? deps.police.ses : path === 'ertzaintza' ? deps.police.ertzaintza : null;
    if (!service) throw new AdapterError(path, 'unreachable', 'the service is not configured on this server');
    return service;
  }

  async function guestsOf(checkinId: string): Promise<GuestRecord[]> {
    const rows = await repo.guests(checkinId);
    return rows.map((g) => ({
      ...g,
      documentNumber: deps.secrets.open(g.documentNumberSealed, DOCUMENT_PURPOSE, g.id),
      gender: g.gender,
      documentType: g.documentType,
    }));
  }

  /** Our rows of a registration as the adapters take them; null when the check-in or booking is gone. */
  async function communicationOf(
    row: RegistrationRow,
    setup: AuthoritySetup,
  ): Promise<PoliceCommunication | null> {
    const { property } = setup;
    const times = {
      checkinTime: property.checkinTime,
      checkoutTime: property.checkoutTime,
      timeZone: property.timeZone,
    };
    if (row.kind === 'PV') {
      const checkin = row.checkinId ? await repo.checkin(row.accountId, row.checkinId) : null;
      if (!checkin) return null;
      const booking = checkin.bookingId ? await repo.booking(row.accountId, checkin.bookingId) : null;
      const stay: StayRecord = {
        reference: row.reference,
        bookedAt: booking?.createdAt ?? checkin.createdAt,
        startDate: checkin.startDate,
        endDate: checkin.endDate,
        ...times,
        rooms: booking?.quantity ?? 1,
        internet: booking ? booking.channel !== 'manual' : false,
      };
      return toCommunication(stay, await guestsOf(checkin.id), ineMunicipalityOf);
    }
    const booking = row.bookingId ? await repo.booking(row.accountId, row.bookingId) : null;
    if (!booking) return null;
    // The holder: the lead guest of the booking's completed check-in when there is one.
    const completed = (await repo.checkinsOfBooking(row.accountId, booking.id)).find(
      (c) => c.status === 'complete',
    );
    const lead = completed ? (await guestsOf(completed.id)).find((g) => g.isLead) : undefined;
    const stay: StayRecord = {
      reference: row.reference,
      bookedAt: booking.createdAt,
      startDate: booking.startDate,
      endDate: booking.endDate,
      ...times,
      rooms: booking.quantity,
      internet: booking.channel !== 'manual',
    };
    return toCommunication(stay, [lead ?? holderOf(booking)], ineMunicipalityOf);
  }

  /** The bell's language for an account (es, en or ar). */
  async function localeOf(accountId: string): Promise<Locale> {
    const locale = await repo.accountLocale(accountId);
    return (locales as readonly string[]).includes(locale) ? (locale as Locale) : 'es';
  }

  return {
    repo,
    localeOf,
    mossos: deps.police.mossos,
    gated,
    setupOf,
    credentialsOf,
    establishmentOf,
    serviceOf,
    communicationOf,
  };
}

export type RegistrationContext = ReturnType<typeof createRegistrationContext>;
