import type { WebBookingAnswer, WebBookingStatus } from '@posada/contracts/direct-booking';
import { nightsBetween } from '@posada/domain/booking-rules';
import type { FastifyBaseLogger } from 'fastify';
import { type Locale, locales, translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { BookingsService } from '../bookings/bookings.service.ts';
import type { Deliver } from '../delivery/delivery.types.ts';
import type { GuestPaymentsService } from '../payments/guest-payments.service.ts';
import type { OnlinePaymentsReadiness } from '../payments/online-payments.service.ts';
import { sendWebBookingConfirmation, webBookingConfirmation } from './direct-booking.emails.ts';
import { directBookingErrors } from './direct-booking.errors.ts';
import type { DirectBookingRepo, WebPropertyRow } from './direct-booking.repo.ts';
import type { AccountRow } from './direct-booking.service.ts';

/** The guest has 30 minutes on Checkout (Stripe's minimum); the nights are held meanwhile. */
export const ONLINE_HOLD_MINUTES = 30;

/** The payments engine as the website uses it; null when the app has no payments module. */
export interface DirectBookingPayments {
  readiness: OnlinePaymentsReadiness;
  guestPayments: Pick<GuestPaymentsService, 'createGuestCheckout' | 'get'>;
}

export interface DirectBookingPaymentsDeps {
  clock: Clock;
  appUrl: string;
  repo: DirectBookingRepo;
  accounts: Pick<AccountsService, 'findAccount' | 'findAccountBySlug'>;
  bookings: Pick<BookingsService, 'get' | 'settleWebPayment'>;
  /** The delivery pipeline (bound late): the guest's confirmation goes through it. */
  deliver: () => Deliver | null;
  logger: FastifyBaseLogger;
  payments?: DirectBookingPayments | null;
}

type Booking = Awaited<ReturnType<BookingsService['get']>>;

const tenantOf = (accountId: string): Tenant => ({ accountId, userId: '' });

/** The concept on Checkout, in the guest's language ('3 noches · Casa Azul'). */
const conceptOf = (locale: Locale, nights: number, property: string) =>
  translate(locale, 'direct_booking.payment_concept', { nights, property });

export type DirectBookingPaymentsService = ReturnType<typeof createDirectBookingPaymentsService>;

/**
 * Direct bookings paid online in advance (issue 16, docs/payments.md "Online direct booking"): the web
 * booking is created `pending` with its nights held, a Checkout session of kind 'booking' for its total
 * expires in 30 minutes; the payment's outcome (guest_payment.changed) books it and sends the guest's
 * confirmation, or cancels it and frees the nights. The payment pages poll the booking's state.
 */
export function createDirectBookingPaymentsService(deps: DirectBookingPaymentsDeps) {
  const base = deps.appUrl.replace(/\/+$/, '');

  const answerOf = (booking: Booking, property: string, paymentType: WebBookingAnswer['payment_type']) => ({
    code: booking.code,
    property_name: property,
    start_date: booking.start_date,
    end_date: booking.end_date,
    guests: booking.number_of_guests,
    total_price: booking.total,
    currency: booking.currency,
    payment_type: paymentType,
    booking_id: booking.id,
  });

  async function confirmationMail(
    account: AccountRow,
    property: WebPropertyRow,
    booking: Booking,
    locale: Locale,
  ) {
    try {
      await sendWebBookingConfirmation(deps.deliver, {
        accountId: account.id,
        propertyId: property.id,
        bookingId: booking.id,
        name: booking.name,
        language: locale,
        mail: webBookingConfirmation(locale, {
          to: booking.email,
          name: booking.name,
          business: account.name,
          property,
          booking: answerOf(booking, property.nombre, 'online'),
        }),
      });
    } catch (error) {
      deps.logger.error(
        { err: error, booking: booking.id },
        'direct booking: confirmation e-mail not queued',
      );
    }
  }

  return {
    /** Online payment can be taken for the account now (Stripe configured and its payments account approved). */
    async ready(accountId: string): Promise<boolean> {
      return Boolean(deps.payments) && (await deps.payments?.readiness.missing(accountId)) === null;
    },

    async missing(accountId: string) {
      return deps.payments ? deps.payments.readiness.missing(accountId) : ('not_configured' as const);
    },

    /**
     * The Checkout session of a pending web booking. When Stripe refuses, the booking is cancelled at once
     * (its nights freed) and the error answered: nothing is left half made.
     */
    async startPayment(
      account: AccountRow,
      property: WebPropertyRow,
      booking: Booking,
      locale: Locale,
      slug: string,
    ): Promise<WebBookingAnswer> {
      const payments = deps.payments;
      if (!payments) throw new Error('direct booking: online payment without the payments module');
      const page = `${base}/book/${encodeURIComponent(slug)}/pago/${booking.id}`;
      try {
        const payment = await payments.guestPayments.createGuestCheckout({
          accountId: account.id,
          propertyId: property.id,
          bookingId: booking.id,
          kind: 'booking',
          concept: conceptOf(locale, nightsBetween(booking.start_date, booking.end_date), property.nombre),
          amount: booking.total,
          currency: booking.currency,
          guest: { name: booking.name, email: booking.email || null, phone: booking.phone || null },
          successUrl: `${page}?result=success`,
          cancelUrl: `${page}?result=cancel`,
          expiresAt: new Date(deps.clock.now().getTime() + ONLINE_HOLD_MINUTES * 60_000),
        });
        return {
          ...answerOf(booking, property.nombre, 'online'),
          checkout_url: payment.checkoutUrl,
          held_until: payment.expiresAt?.toISOString() ?? null,
        };
      } catch (error) {
        await deps.bookings.settleWebPayment(account.id, booking.id, 'expired');
        throw error;
      }
    },

    /** GET /api/public/book/{slug}/bookings/{bookingId}: a web booking paid online, as its pages show it. */
    async status(slug: string, bookingId: string): Promise<WebBookingStatus> {
      const account = await deps.accounts.findAccountBySlug(slug.toLowerCase());
      if (!account || !isUuid(bookingId)) throw directBookingErrors.bookingNotFound();
      const tenant = tenantOf(account.id);
      // Re-read an open payment first: its outcome settles the booking before the booking is read.
      const payment = deps.payments
        ? await deps.payments.readiness.bookingPayment(account.id, bookingId)
        : null;
      const booking = await deps.bookings.get(tenant, bookingId).catch(() => null);
      if (!payment || !booking) throw directBookingErrors.bookingNotFound();
      if (booking.channel !== 'web') throw directBookingErrors.bookingNotFound();
      const property = await deps.repo.findProperty(account.id, booking.property_id);
      return {
        ...answerOf(booking, property?.nombre ?? '', 'online'),
        checkout_url: payment.status === 'open' || payment.status === 'rejected' ? payment.checkoutUrl : null,
        held_until: booking.status === 'pending' ? (payment.expiresAt?.toISOString() ?? null) : null,
        state:
          booking.status === 'pending'
            ? 'awaiting_payment'
            : booking.status === 'cancelled'
              ? 'cancelled'
              : 'confirmed',
        payment_status: booking.payment_status,
      };
    },

    /**
     * guest_payment.changed of a booking payment: paid → booked and paid, and the guest's confirmation in
     * the language the guest booked in (the concept's); rejected → payment rejected, the nights still held
     * while Checkout is open; expired or withdrawn → cancelled and the nights freed. A replay changes nothing.
     */
    async settle(
      accountId: string,
      paymentId: string,
      status: string,
      bookingId: string | null,
    ): Promise<void> {
      if (!bookingId || !deps.payments) return;
      const outcome =
        status === 'paid'
          ? 'paid'
          : status === 'rejected'
            ? 'rejected'
            : status === 'expired' || status === 'canceled'
              ? 'expired'
              : null;
      if (!outcome) return;
      const settled = await deps.bookings.settleWebPayment(accountId, bookingId, outcome);
      if (!settled?.changed || outcome !== 'paid') return;
      if (settled.booking.channel !== 'web' || settled.booking.status !== 'booked') return;
      const [account, booking, payment] = await Promise.all([
        deps.accounts.findAccount(accountId),
        deps.bookings.get(tenantOf(accountId), bookingId),
        deps.payments.guestPayments.get(accountId, paymentId),
      ]);
      const property = await deps.repo.findProperty(accountId, booking.property_id);
      if (!account || !property) return;
      const nights = nightsBetween(booking.start_date, booking.end_date);
      const locale = locales.find((l) => conceptOf(l, nights, property.nombre) === payment.concept) ?? 'es';
      await confirmationMail(account, property, booking, locale);
    },
  };
}
