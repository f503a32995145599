import type { DepositItem, DepositList, DepositVerification, GuestDeposit } from '@posada/contracts/deposits';
import {
  captureAmountError,
  DEPOSIT_REFUNDED,
  type DepositMethod,
  depositCurrency,
  depositMethod,
  depositReading,
} from '@posada/domain/deposits';
import { applicationFeeOf } from '@posada/domain/guest-payments';
import { todayIn } from '@posada/domain/zoned-time';
import type { FastifyBaseLogger } from 'fastify';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { StripeGateway } from '../../adapters/stripe/types.ts';
import type { Db } from '../../db/client.ts';
import { type Locale, locales, translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { CheckinDeposits, DepositCheckin } from '../checkins/checkin-deposits.service.ts';
import type { GuestCheckinService } from '../guest-checkin/guest-checkin.service.ts';
import { depositsErrors } from './deposits.errors.ts';
import { createDepositsRepo } from './deposits.repo.ts';
import type { GuestPaymentsService } from './guest-payments.service.ts';
import type { OnlinePaymentsReadiness } from './online-payments.service.ts';
import { paymentsErrors } from './payments.errors.ts';
import { createPaymentsRepo, type GuestPaymentRow } from './payments.repo.ts';

/** The guest has 30 minutes on Checkout (Stripe's minimum) before the session lapses. */
const CHECKOUT_MINUTES = 30;
/** The hold job re-reads holds that end within this window. */
const HOLD_CHECK_MS = 24 * 3_600_000;

export interface DepositsDeps {
  db: Db;
  clock: Clock;
  stripe: StripeGateway | null;
  appUrl: string;
  feeBps: number;
  logger: FastifyBaseLogger;
  guestPayments: Pick<
    GuestPaymentsService,
    'createGuestCheckout' | 'refundGuestPayment' | 'captureGuestPayment' | 'resync'
  >;
  checkins: CheckinDeposits;
  guestCheckin: Pick<GuestCheckinService, 'sessionCheckin'>;
  readiness: OnlinePaymentsReadiness;
}

export type DepositsService = ReturnType<typeof createDepositsService>;

/** A saved card (a long stay's) is one the guest paid with while the card was kept for later. */
const methodOf = (row: GuestPaymentRow | null): DepositMethod | null =>
  row ? (row.stripeCustomerId ? 'saved_card' : 'hold') : null;

/** The card is still ours to charge: saved with the deposit and not given up by a refund. */
const cardUsable = (row: GuestPaymentRow | null): row is GuestPaymentRow =>
  Boolean(row?.stripeCustomerId && row.stripePaymentMethodId && !row.refundedAt);

const asLocale = (value: string): Locale =>
  (locales as readonly string[]).includes(value) ? (value as Locale) : 'es';

/**
 * Deposits of programmed check-ins (issue 16; spec 4 Deposit, spec 7; docs/payments.md "Deposits"): the
 * guest's hold through Checkout (manual capture; a saved card for stays longer than a hold lasts), the
 * operator's verification, refund and damage capture, and the check-in's deposit state kept in step. Built
 * on the guest payments engine (guest-payments.service.ts); the check-in's columns through checkins.
 */
export function createDepositsService(deps: DepositsDeps) {
  const repo = createDepositsRepo({ db: deps.db });
  const payments = createPaymentsRepo({ db: deps.db });

  async function ownedCheckin(accountId: string, checkinId: string): Promise<DepositCheckin> {
    const checkin = await deps.checkins.depositCheckin(accountId, checkinId);
    if (!checkin) throw depositsErrors.notFound();
    return checkin;
  }

  /** The newest deposit payment, re-read from Stripe when it is live, so the state is real. */
  async function freshDeposit(checkin: DepositCheckin): Promise<GuestPaymentRow | null> {
    const row = await repo.latestDeposit(checkin.accountId, checkin.id);
    if (!row || !deps.stripe) return row;
    if (!['open', 'rejected', 'authorized', 'paid'].includes(row.status)) return row;
    try {
      return await deps.guestPayments.resync(row);
    } catch (err) {
      // Stripe unreachable: the stored state is answered (the adapter counted the failure).
      if (!(err instanceof AdapterError) && !(err as { code?: string }).code?.startsWith('payments.'))
        throw err;
      deps.logger.warn({ err, payment: row.id }, 'deposits: Stripe could not be read, stored state answered');
      return row;
    }
  }

  /** spec 4 reading of a check-in's deposit, stored on the check-in when it changed. */
  async function reading(checkin: DepositCheckin, row: GuestPaymentRow | null): Promise<DepositVerification> {
    const read = depositReading(row?.status ?? null, cardUsable(row));
    if (checkin.depositAmount > 0 && read.state !== checkin.depositStatus) {
      await deps.checkins.setDepositStatus(checkin.accountId, checkin.id, read.state);
    }
    const usable = cardUsable(row);
    return {
      programmed_id: checkin.id,
      booking_id: checkin.bookingId,
      is_refunded: read.is_refunded,
      payment_status: read.payment_status,
      status: read.state,
      amount: row?.amount ?? checkin.depositAmount,
      currency: row?.currency ?? depositCurrency(checkin.country),
      method: methodOf(row),
      payment_state: row?.status ?? null,
      captured_amount: row?.capturedAmount ?? 0,
      refunded_amount: row?.refundedAmount ?? 0,
      capture_before:
        row?.status === 'authorized' && row.captureBefore ? row.captureBefore.toISOString() : null,
      can_refund: read.can_refund,
      can_capture: row?.status === 'authorized' || (usable && row.status !== 'paid'),
      configured: deps.stripe !== null,
    };
  }

  async function verify(tenant: Tenant, programmedId: string): Promise<DepositVerification> {
    const checkin = await ownedCheckin(tenant.accountId, programmedId);
    return reading(checkin, await freshDeposit(checkin));
  }

  /** A damage charge on a saved card whose hold has lapsed: a new off-session payment of the deposit. */
  async function chargeSavedCard(checkin: DepositCheckin, row: GuestPaymentRow, amount: number) {
    if (!deps.stripe) throw paymentsErrors.notConfigured();
    const fee = applicationFeeOf(amount, deps.feeBps);
    const id = crypto.randomUUID();
    const metadata = {
      account_id: checkin.accountId,
      guest_payment_id: id,
      kind: 'deposit',
      checkin_id: checkin.id,
    };
    let intent: Awaited<ReturnType<StripeGateway['createPaymentIntent']>>;
    try {
      intent = await deps.stripe.createPaymentIntent(
        {
          amount,
          currency: row.currency.toLowerCase(),
          customer: row.stripeCustomerId ?? undefined,
          payment_method: row.stripePaymentMethodId ?? undefined,
          off_session: true,
          confirm: true,
          on_behalf_of: row.stripeAccountId,
          transfer_data: { destination: row.stripeAccountId },
          ...(fee > 0 ? { application_fee_amount: fee } : {}),
          metadata,
        },
        { idempotencyKey: `${row.id}:offsession:${amount}` },
      );
    } catch (err) {
      if (err instanceof AdapterError) throw depositsErrors.declined();
      throw err;
    }
    if (intent.status !== 'succeeded') throw depositsErrors.declined();
    const now = deps.clock.now();
    // Newer than the saved card's row, even on a clock that has not moved: it is the one screens show.
    const createdAt = new Date(Math.max(now.getTime(), row.createdAt.getTime() + 1));
    await payments.insertGuestPayment({
      id,
      accountId: checkin.accountId,
      propertyId: checkin.propertyId,
      bookingId: checkin.bookingId,
      checkinId: checkin.id,
      kind: 'deposit',
      status: 'paid',
      concept: row.concept,
      amount,
      currency: row.currency,
      applicationFeeAmount: fee,
      capturedAmount: amount,
      stripeAccountId: row.stripeAccountId,
      stripePaymentIntentId: intent.id,
      stripeCustomerId: row.stripeCustomerId,
      stripePaymentMethodId: row.stripePaymentMethodId,
      guestName: row.guestName,
      guestEmail: row.guestEmail,
      guestPhone: row.guestPhone,
      paidAt: now,
      createdAt,
      updatedAt: now,
    });
    // The card has been used for what it was kept for.
    await repo.forgetCard(row.id, now);
  }

  return {
    verify,

    /** POST /api/refund-deposit: releases a hold, refunds a captured deposit, gives up a saved card. */
    async refund(tenant: Tenant, programmedId: string): Promise<DepositVerification> {
      const checkin = await ownedCheckin(tenant.accountId, programmedId);
      const row = await freshDeposit(checkin);
      const read = depositReading(row?.status ?? null, cardUsable(row));
      if (!row || !read.can_refund) throw depositsErrors.notPaid();
      if (row.status === 'authorized' || row.status === 'paid') {
        await deps.guestPayments.refundGuestPayment(tenant.accountId, row.id);
      }
      if (row.stripeCustomerId) await repo.forgetCard(row.id, deps.clock.now());
      await deps.checkins.setDepositStatus(checkin.accountId, checkin.id, DEPOSIT_REFUNDED);
      return verify(tenant, programmedId);
    },

    /** POST /api/deposits/{checkinId}/capture: a damage amount, at most what is held. */
    async capture(tenant: Tenant, checkinId: string, amount: number): Promise<DepositVerification> {
      const checkin = await ownedCheckin(tenant.accountId, checkinId);
      const row = await freshDeposit(checkin);
      const heldByHold = row?.status === 'authorized';
      const heldByCard = cardUsable(row) && row.status !== 'paid';
      if (!row || (!heldByHold && !heldByCard)) throw depositsErrors.nothingHeld();
      const refused = captureAmountError(amount, row.amount);
      if (refused === 'over_held') throw depositsErrors.overHeld();
      if (refused) throw depositsErrors.amountInvalid();
      if (heldByHold) await deps.guestPayments.captureGuestPayment(tenant.accountId, row.id, amount);
      else await chargeSavedCard(checkin, row, amount);
      return verify(tenant, checkinId);
    },

    /** PUT /api/deposits/{checkinId}: the amount asked (not while the guest pays or it is held). */
    async setAmount(tenant: Tenant, checkinId: string, amount: number): Promise<DepositVerification> {
      const checkin = await ownedCheckin(tenant.accountId, checkinId);
      const row = await repo.latestDeposit(checkin.accountId, checkin.id);
      if (row && ['open', 'authorized', 'paid'].includes(row.status)) throw depositsErrors.inProgress();
      await deps.checkins.setDepositAmount(checkin.accountId, checkin.id, amount);
      return verify(tenant, checkinId);
    },

    /** GET /api/deposits: the check-ins asking for a deposit whose stay has not ended, or a booking's. */
    async list(tenant: Tenant, query: { booking_id?: string; property_id?: string }): Promise<DepositList> {
      const rows = await deps.checkins.depositCheckins(tenant.accountId, {
        bookingId: query.booking_id,
        propertyId: query.property_id,
        endingFrom: deps.clock.now().toISOString().slice(0, 10),
      });
      return {
        items: rows.map(
          (c): DepositItem => ({
            programmed_id: c.id,
            booking_id: c.bookingId,
            property_id: c.propertyId,
            property_name: c.propertyName,
            guest_name: c.name,
            start_date: c.startDate,
            end_date: c.endDate,
            amount: c.depositAmount,
            currency: depositCurrency(c.country),
            status: c.depositStatus,
          }),
        ),
      };
    },

    /** GET /api/guest/checkin/deposit: the deposit step of the guest's check-in. */
    async guestDeposit(session: string | undefined): Promise<GuestDeposit> {
      const own = await deps.guestCheckin.sessionCheckin(session);
      const checkin = await ownedCheckin(own.accountId, own.checkinId);
      const row = await freshDeposit(checkin);
      const read = depositReading(row?.status ?? null, cardUsable(row));
      const missing = checkin.depositAmount > 0 ? await deps.readiness.missing(checkin.accountId) : null;
      if (checkin.depositAmount > 0 && read.state !== checkin.depositStatus && row) {
        await deps.checkins.setDepositStatus(checkin.accountId, checkin.id, read.state);
      }
      return {
        amount: row?.amount ?? checkin.depositAmount,
        currency: row?.currency ?? depositCurrency(checkin.country),
        status: checkin.depositAmount > 0 || row ? read.state : 0,
        method: methodOf(row),
        payment_state: row?.status ?? null,
        online: checkin.depositAmount > 0 && missing === null,
        unavailable: missing === 'not_configured' ? 'not_configured' : missing ? 'no_payments_account' : null,
      };
    },

    /**
     * POST /api/guest/checkin/deposit/checkout: a Checkout session holding the deposit on the guest's card
     * (manual capture); for a stay longer than a hold lasts the card is also saved (setup_future_usage).
     * An open session is handed out again instead of a second one.
     */
    async guestCheckout(session: string | undefined): Promise<{ url: string }> {
      const own = await deps.guestCheckin.sessionCheckin(session);
      const checkin = await ownedCheckin(own.accountId, own.checkinId);
      if (checkin.depositAmount <= 0) throw depositsErrors.none();
      const missing = await deps.readiness.missing(checkin.accountId);
      if (missing === 'not_configured') throw paymentsErrors.notConfigured();
      if (missing) throw paymentsErrors.noProvider();
      const row = await freshDeposit(checkin);
      const now = deps.clock.now();
      if (row && (row.status === 'authorized' || row.status === 'paid')) throw depositsErrors.alreadyHeld();
      if (row && (row.status === 'open' || row.status === 'rejected') && row.checkoutUrl) {
        if (!row.expiresAt || row.expiresAt.getTime() > now.getTime() + 60_000)
          return { url: row.checkoutUrl };
      }
      const method = depositMethod(todayIn(checkin.timeZone, now), checkin.endDate);
      const language = asLocale(own.language);
      const back = `${deps.appUrl.replace(/\/+$/, '')}/checkin/customers/previe/${checkin.propertyId}/app/`;
      const created = await deps.guestPayments.createGuestCheckout({
        accountId: checkin.accountId,
        propertyId: checkin.propertyId,
        bookingId: checkin.bookingId,
        checkinId: checkin.id,
        kind: 'deposit',
        concept: translate(language, 'deposits.concept', { property: checkin.propertyName }),
        amount: checkin.depositAmount,
        currency: depositCurrency(checkin.country),
        guest: { name: checkin.name || null, email: checkin.email || null, phone: checkin.phone || null },
        successUrl: `${back}?deposit=return`,
        cancelUrl: `${back}?deposit=cancel`,
        expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
        captureManual: true,
        saveCard: method === 'saved_card',
      });
      if (!created.checkoutUrl) throw paymentsErrors.provider();
      return { url: created.checkoutUrl };
    },

    /** guest_payment.changed of a deposit: the check-in's deposit state follows (idempotent). */
    async followPayment(paymentId: string): Promise<void> {
      const row = await repo.payment(paymentId);
      if (!row?.checkinId || row.kind !== 'deposit') return;
      const latest = await repo.latestDeposit(row.accountId, row.checkinId);
      if (latest && latest.id !== row.id) return;
      const checkin = await deps.checkins.depositCheckin(row.accountId, row.checkinId);
      if (!checkin) return;
      const read = depositReading(row.status, cardUsable(row));
      if (read.state !== checkin.depositStatus) {
        await deps.checkins.setDepositStatus(row.accountId, row.checkinId, read.state);
      }
    },

    /**
     * The hold job: held deposits whose authorisation ends within a day are re-read from Stripe, so a hold
     * that lapsed (payment_intent.canceled lost or late) shows released; a long stay keeps its saved card.
     */
    async checkHolds(): Promise<number> {
      if (!deps.stripe) return 0;
      let changed = 0;
      const due = await repo.holdsEndingBefore(new Date(deps.clock.now().getTime() + HOLD_CHECK_MS));
      for (const row of due) {
        try {
          let after = await deps.guestPayments.resync(row);
          // Past its capture-by instant a hold is worth nothing: it is let go (a saved card stays saved).
          if (
            after.status === 'authorized' &&
            after.captureBefore &&
            after.captureBefore <= deps.clock.now()
          ) {
            after = await deps.guestPayments.refundGuestPayment(after.accountId, after.id);
          }
          if (after.status !== row.status) changed++;
        } catch (err) {
          deps.logger.warn({ err, payment: row.id }, 'deposits: a hold could not be re-read');
        }
      }
      return changed;
    },
  };
}
