import type {
  Locale,
  PropertySummary,
  StatusSubscription,
  TipoHospedaje,
  User,
  UserData,
} from '@posada/contracts/users';
import { isHotelType } from '@posada/domain/property-types';
import { effectiveSubscriptionStatus, trialDaysLeft } from '@posada/domain/subscription';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createUsersService, type UsersService } from '../auth/users.service.ts';
import { accountsErrors } from './accounts.errors.ts';
import {
  createAccountsRepo,
  type DirectBookingColumns,
  type NewAccount,
  type PropertyRow,
  type SubscriptionColumns,
  type UserWithAccountRow,
} from './accounts.repo.ts';

export type { SubscriptionColumns };

export type AccountsService = ReturnType<typeof createAccountsService>;

/** A hotel's room types, keyed by property (its accommodation units). */
type RoomTypeUnits = Map<string, { id: string; web_reservation_active: boolean }[]>;

/**
 * spec 3 Property.accommodation_units: what sells on its own on the website: an apartment or villa is one
 * unit (the property); a hotel or camping, its room types.
 */
export function accommodationUnits(
  row: Pick<PropertyRow, 'id' | 'tipoPropiedad' | 'webReservationActive'>,
  types: RoomTypeUnits,
): PropertySummary['accommodation_units'] {
  if (isHotelType(row.tipoPropiedad)) return types.get(row.id) ?? [];
  return [{ id: row.id, web_reservation_active: row.webReservationActive }];
}

export function toPropertySummary(row: PropertyRow, types: RoomTypeUnits = new Map()): PropertySummary {
  return {
    id: row.id,
    nombre: row.nombre,
    logo: row.logo,
    tipo_propiedad: row.tipoPropiedad as TipoHospedaje,
    accommodation_units: accommodationUnits(row, types),
    botGPT: row.botGpt,
    guests: row.guests,
    currency: row.currency,
    time_zone: row.timeZone,
  };
}

/** The active property: the chosen one if it is still the account's, else the only one, else none. */
export function resolveActiveProperty(
  activeId: string | null,
  list: PropertySummary[],
): PropertySummary | null {
  const chosen = activeId ? list.find((p) => p.id === activeId) : undefined;
  if (chosen) return chosen;
  return list.length === 1 ? (list[0] ?? null) : null;
}

function toUser(row: UserWithAccountRow, list: PropertySummary[], now: Date): User {
  const { user, account } = row;
  const isAdmin = user.type === 'admin';
  const trialEnd = account?.trialEndsAt ?? null;
  const stored = (account?.statusSubscription ?? null) as StatusSubscription | null;
  const status = stored ? effectiveSubscriptionStatus(stored, trialEnd, now) : null;
  // A trial over before the trial job ran reads as the job will project it: no plan, no services.
  const trialOver = stored === 'demo' && status === 'demo_expired';
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    type: isAdmin ? 'admin' : 'empresa',
    email_verified: user.emailVerifiedAt !== null,
    locale: user.locale as Locale,
    pais: account?.pais ?? null,
    tipo_hospedaje: (account?.tipoHospedaje ?? null) as TipoHospedaje | null,
    plan: trialOver ? null : (account?.plan ?? null),
    status_subscription: status,
    quantity: account?.quantity ?? 0,
    servicios: trialOver ? [] : (account?.servicios ?? []),
    suscription_id_stripe: account?.suscriptionIdStripe ?? null,
    enable_web_reservations: account?.enableWebReservations ?? false,
    direct_booking_payment_type: account?.directBookingPaymentType ?? null,
    properties: list,
    active_property_id: resolveActiveProperty(user.activePropertyId, list)?.id ?? null,
    restaday: stored === 'demo' ? trialDaysLeft(trialEnd, now) : 0,
    paymentfail: account?.paymentFail ?? false,
    application: isAdmin ? user.applicationTag : null,
    legacy: user.legacy,
    two_factor_enabled: user.totpEnabledAt !== null,
  };
}

/** The signed-in user (spec 3 User) and what hangs off it: active property, language. */
export function createAccountsService(deps: {
  db: Db;
  clock: Clock;
  /** The owner of users (auth): the active property and the language are written through it. */
  users?: UsersService;
}) {
  const repo = createAccountsRepo({ db: deps.db });
  const users = deps.users ?? createUsersService({ db: deps.db });

  async function summaries(accountId: string): Promise<PropertySummary[]> {
    const types: RoomTypeUnits = new Map();
    for (const t of await repo.listRoomTypeUnits(accountId)) {
      const list = types.get(t.propertyId) ?? [];
      list.push({ id: t.id, web_reservation_active: t.webReservationActive });
      types.set(t.propertyId, list);
    }
    return (await repo.listProperties(accountId)).map((p) => toPropertySummary(p, types));
  }

  async function load(userId: string) {
    const row = await repo.findUserWithAccount(userId);
    // A session whose user was deleted meanwhile reads as signed out.
    if (!row) throw accountsErrors.userNotFound();
    const list = row.user.accountId ? await summaries(row.user.accountId) : [];
    return { row, list };
  }

  async function getUser(userId: string): Promise<User> {
    const { row, list } = await load(userId);
    return toUser(row, list, deps.clock.now());
  }

  async function getUserData(userId: string): Promise<UserData> {
    const { row, list } = await load(userId);
    return {
      user: toUser(row, list, deps.clock.now()),
      property: resolveActiveProperty(row.user.activePropertyId, list),
    };
  }

  return {
    getUser,
    getUserData,

    async setActiveProperty(
      auth: { userId: string; accountId: string },
      propertyId: string | null,
    ): Promise<UserData> {
      if (propertyId && !(await repo.findProperty(auth.accountId, propertyId))) {
        throw accountsErrors.propertyNotFound();
      }
      await users.setActiveProperty(auth.userId, auth.accountId, propertyId);
      return getUserData(auth.userId);
    },

    /** Creates an account (a sign-up) on `on` (the caller's transaction) or the module's database. */
    createAccount: (values: NewAccount, on?: Db): Promise<string> =>
      (on ? createAccountsRepo({ db: on }) : repo).insertAccount(values),

    /** How many properties the account may have (spec 3 User.quantity). */
    async getPropertyQuota(accountId: string): Promise<{ quantity: number }> {
      return { quantity: (await repo.findAccountQuantity(accountId)) ?? 0 };
    },

    /** After a property is created: it becomes the user's active property when none was chosen. */
    async adoptNewProperty(auth: { userId: string; accountId: string }, propertyId: string): Promise<void> {
      await users.setActivePropertyIfUnset(auth.userId, auth.accountId, propertyId);
    },

    /** The direct-booking settings (issue 15): the account's row as the direct-booking module reads it. */
    findAccount: (accountId: string) => repo.findAccount(accountId),
    /** The account whose website is /book/{slug} (the public site), or null. */
    findAccountBySlug: (slug: string) => repo.findAccountBySlug(slug),

    /** Writes the direct-booking columns (issue 15); the direct-booking module validated them. */
    updateDirectBooking: (accountId: string, values: DirectBookingColumns): Promise<void> =>
      repo.updateDirectBooking(accountId, values),

    /**
     * Writes the spec 3 subscription columns (issue 16): only the subscriptions service calls this, from
     * its projectAccount, on its transaction `on` so the projection commits with the subscription row.
     */
    updateSubscriptionColumns: (accountId: string, values: SubscriptionColumns, on?: Db): Promise<void> =>
      (on ? createAccountsRepo({ db: on }) : repo).updateSubscriptionColumns(accountId, values),

    /**
     * The website's slug, set once: false when another account holds it (the caller tries the next
     * candidate); true when it is set, or the account already had one.
     */
    async claimBookingSlug(accountId: string, slug: string): Promise<boolean> {
      try {
        await repo.setBookingSlugIfUnset(accountId, slug);
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async setLocale(userId: string, locale: Locale): Promise<User> {
      await users.setLocale(userId, locale);
      return getUser(userId);
    },
  };
}
