import type {
  Locale,
  PropertySummary,
  StatusSubscription,
  TipoHospedaje,
  User,
  UserData,
} from '@posada/contracts/users';
import { effectiveSubscriptionStatus, trialDaysLeft } from '@posada/domain/subscription';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createUsersService, type UsersService } from '../auth/users.service.ts';
import { accountsErrors } from './accounts.errors.ts';
import {
  createAccountsRepo,
  type NewAccount,
  type PropertyRow,
  type UserWithAccountRow,
} from './accounts.repo.ts';

export type AccountsService = ReturnType<typeof createAccountsService>;

export function toPropertySummary(row: PropertyRow): PropertySummary {
  return {
    id: row.id,
    nombre: row.nombre,
    logo: row.logo,
    tipo_propiedad: row.tipoPropiedad as TipoHospedaje,
    // Units and their web-booking flags arrive with the rooms issue.
    accommodation_units: [],
    botGPT: row.botGpt,
    guests: row.guests,
    currency: row.currency,
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
    plan: account?.plan ?? null,
    status_subscription: status,
    quantity: account?.quantity ?? 0,
    servicios: account?.servicios ?? [],
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

  async function load(userId: string) {
    const row = await repo.findUserWithAccount(userId);
    // A session whose user was deleted meanwhile reads as signed out.
    if (!row) throw accountsErrors.userNotFound();
    const list = row.user.accountId
      ? (await repo.listProperties(row.user.accountId)).map(toPropertySummary)
      : [];
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

    async setLocale(userId: string, locale: Locale): Promise<User> {
      await users.setLocale(userId, locale);
      return getUser(userId);
    },
  };
}
