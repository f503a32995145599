import type {
  DirectBookingSettings,
  UpdateDirectBookingSettingsBody,
  WebUnit,
} from '@posada/contracts/direct-booking';
import { discountError, slugCandidate, slugify, type WebDiscount } from '@posada/domain/direct-booking';
import { isHotelType } from '@posada/domain/property-types';
import {
  effectiveSubscriptionStatus,
  hasEligiblePlan,
  type StatusSubscription,
} from '@posada/domain/subscription';
import type { Clock } from '../../lib/clock.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { WebUnitsService } from '../properties/web-units.service.ts';
import { directBookingErrors } from './direct-booking.errors.ts';
import type { DirectBookingRepo } from './direct-booking.repo.ts';

/** The account's row as the accounts service answers it. */
export type AccountRow = NonNullable<Awaited<ReturnType<AccountsService['findAccount']>>>;

export interface DirectBookingSettingsDeps {
  clock: Clock;
  appUrl: string;
  repo: DirectBookingRepo;
  accounts: Pick<
    AccountsService,
    'findAccount' | 'findAccountBySlug' | 'updateDirectBooking' | 'claimBookingSlug'
  >;
  webUnits: WebUnitsService;
  /** Stripe configured and the payments account approved (payments module); absent: not configured. */
  onlinePayments?: { missing(accountId: string): Promise<OnlineMissing | null> } | null;
}

/** Candidates tried after the name's own slug before giving up on numbering (then a random suffix). */
const SLUG_ATTEMPTS = 50;

/** spec 6: web booking needs an eligible plan (demo, or standard or smart), as every gated feature. */
export function planActive(account: AccountRow, now: Date): boolean {
  const status = effectiveSubscriptionStatus(
    account.statusSubscription as StatusSubscription,
    account.trialEndsAt,
    now,
  );
  return hasEligiblePlan({ plan: account.plan, status_subscription: status });
}

export function discountOf(account: AccountRow): WebDiscount {
  return {
    enabled: account.directBookingDiscountEnabled,
    type: account.directBookingDiscountType === 'fixed' ? 'fixed' : 'percentage',
    value: account.directBookingDiscountValue,
  };
}

/** null in the column reads as on arrival (spec 3). */
export const paymentTypeOf = (account: AccountRow) =>
  account.directBookingPaymentType === 'online' ? ('online' as const) : ('on_arrival' as const);

export function siteUrl(appUrl: string, slug: string): string {
  return `${appUrl.replace(/\/$/, '')}/book/${slug}`;
}

/** What online payment in advance still needs (issue 16); null when it can be taken. */
export type OnlineMissing = 'not_configured' | 'no_payments_account' | 'account_not_approved';

export type DirectBookingSettingsService = ReturnType<typeof createDirectBookingSettingsService>;

/**
 * The operator's direct-booking settings (spec 3 Direct-booking settings, spec 5 discount, spec 6 plan): the
 * account's columns are written through the accounts service, the unit toggles through the properties one.
 */
export function createDirectBookingSettingsService(deps: DirectBookingSettingsDeps) {
  const { repo } = deps;
  const onlineMissing = async (accountId: string): Promise<OnlineMissing | null> =>
    deps.onlinePayments ? deps.onlinePayments.missing(accountId) : 'not_configured';

  async function account(accountId: string): Promise<AccountRow> {
    const row = await deps.accounts.findAccount(accountId);
    if (!row) throw directBookingErrors.siteNotFound();
    return row;
  }

  /** The account's slug, set from its business name the first time (base, base-2, base-3, …). */
  async function ensureSlug(row: AccountRow): Promise<string> {
    if (row.bookingSlug) return row.bookingSlug;
    const base = slugify(row.name);
    for (let n = 1; n <= SLUG_ATTEMPTS + 1; n++) {
      const candidate =
        n <= SLUG_ATTEMPTS ? slugCandidate(base, n) : `${base}-${crypto.randomUUID().slice(0, 8)}`;
      if (await deps.accounts.claimBookingSlug(row.id, candidate)) {
        // Another request may have set it first: the stored one wins.
        return (await account(row.id)).bookingSlug ?? candidate;
      }
    }
    throw new Error('direct booking: no free slug');
  }

  async function units(accountId: string): Promise<WebUnit[]> {
    const [properties, types] = await Promise.all([
      repo.listProperties(accountId),
      repo.listRoomTypes(accountId),
    ]);
    return properties.flatMap((p): WebUnit[] => {
      if (!isHotelType(p.tipoPropiedad)) {
        return [
          {
            id: p.id,
            property_id: p.id,
            kind: 'property',
            name: p.nombre,
            property_name: p.nombre,
            web_reservation_active: p.webReservationActive,
          },
        ];
      }
      return types
        .filter((t) => t.propertyId === p.id)
        .map((t) => ({
          id: t.id,
          property_id: p.id,
          kind: 'room_type',
          name: t.name,
          property_name: p.nombre,
          web_reservation_active: t.webReservationActive,
        }));
    });
  }

  async function settings(tenant: Tenant): Promise<DirectBookingSettings> {
    const row = await account(tenant.accountId);
    const slug = await ensureSlug(row);
    const discount = discountOf(row);
    const missing = await onlineMissing(row.id);
    return {
      enable_web_reservations: row.enableWebReservations,
      payment_type: paymentTypeOf(row),
      online_payments_ready: missing === null,
      online_payments_missing: missing,
      discount_enabled: discount.enabled,
      discount_type: discount.type,
      discount_value: discount.value,
      slug,
      url: siteUrl(deps.appUrl, slug),
      units: await units(tenant.accountId),
      plan_active: planActive(row, deps.clock.now()),
    };
  }

  return {
    settings,

    /**
     * PUT settings: every rule is checked on the merged values before anything is written, so a refused
     * save changes nothing.
     */
    async update(tenant: Tenant, body: UpdateDirectBookingSettingsBody): Promise<DirectBookingSettings> {
      const row = await account(tenant.accountId);
      const merged: WebDiscount = {
        enabled: body.discount_enabled ?? row.directBookingDiscountEnabled,
        type: body.discount_type ?? discountOf(row).type,
        value: body.discount_value ?? row.directBookingDiscountValue,
      };
      const refused = discountError(merged);
      if (refused) throw directBookingErrors.discount(refused);
      if (body.payment_type === 'online' && paymentTypeOf(row) !== 'online') {
        const missing = await onlineMissing(row.id);
        if (missing) throw directBookingErrors.onlineNeedsPayments(missing);
      }
      if (body.enable_web_reservations && !row.enableWebReservations && !planActive(row, deps.clock.now())) {
        throw directBookingErrors.planRequired();
      }
      await deps.accounts.updateDirectBooking(tenant.accountId, {
        ...(body.enable_web_reservations === undefined
          ? {}
          : { enableWebReservations: body.enable_web_reservations }),
        ...(body.payment_type === undefined ? {} : { directBookingPaymentType: body.payment_type }),
        ...(body.discount_enabled === undefined
          ? {}
          : { directBookingDiscountEnabled: body.discount_enabled }),
        ...(body.discount_type === undefined ? {} : { directBookingDiscountType: body.discount_type }),
        ...(body.discount_value === undefined ? {} : { directBookingDiscountValue: body.discount_value }),
      });
      return settings(tenant);
    },

    /** PUT units/{unitId}: an apartment or villa, or a hotel's room type, on or off the website. */
    async setUnit(tenant: Tenant, unitId: string, active: boolean): Promise<WebUnit> {
      if (!(await deps.webUnits.setWebReservationActive(tenant.accountId, unitId, active))) {
        throw directBookingErrors.unitNotFound();
      }
      const unit = (await units(tenant.accountId)).find((u) => u.id === unitId);
      if (!unit) throw directBookingErrors.unitNotFound();
      return unit;
    },
  };
}
