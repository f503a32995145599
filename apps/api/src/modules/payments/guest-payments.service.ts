import { randomUUID } from 'node:crypto';
import type { GuestPayment, GuestPaymentKindName, SendVia } from '@posada/contracts/payments';
import { applicationFeeOf, isOpenGuestPayment } from '@posada/domain/guest-payments';
import type Stripe from 'stripe';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { StripeGateway } from '../../adapters/stripe/types.ts';
import type { Db } from '../../db/client.ts';
import type { Emit, EventProducer } from '../../events/bus.ts';
import { type Locale, translate } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { Deliver } from '../delivery/delivery.types.ts';
import {
  createPaymentApplier,
  type PaymentApplier,
  readingOfIntent,
  readingOfSession,
} from './guest-payment-apply.ts';
import { paymentsErrors } from './payments.errors.ts';
import { createPaymentsRepo, type GuestPaymentRow, type PaymentsRepo } from './payments.repo.ts';

/** Stripe keeps a Checkout session open at most 24 hours (and at least 30 minutes). */
const SESSION_MAX_MS = 24 * 3_600_000;
const SESSION_MIN_MS = 31 * 60_000;

export interface CreateGuestCheckoutInput {
  accountId: string;
  propertyId: string;
  bookingId?: string | null;
  checkinId?: string | null;
  kind: GuestPaymentKindName;
  /** What the guest sees on Checkout. */
  concept: string;
  /** Minor units of `currency`. */
  amount: number;
  /** ISO code (EUR, COP…); sent to Stripe in lower case. */
  currency: string;
  guest: { name?: string | null; email?: string | null; phone?: string | null };
  successUrl: string;
  cancelUrl: string;
  /** When the Checkout session ends (clamped to Stripe's 30 min – 24 h); 24 h by default. */
  expiresAt?: Date;
  /** A deposit hold: payment_intent_data.capture_method = manual. */
  captureManual?: boolean;
  /** Keep the card for a later off-session charge (setup_future_usage = off_session). */
  saveCard?: boolean;
  createdBy?: string | null;
  /** The caller's transaction: the row is written (and its events recorded) in it. */
  tx?: Db;
}

export interface GuestPaymentsDeps {
  db: Db;
  clock: Clock;
  /** Null when STRIPE_SECRET_KEY is not set: every call refuses with payments.not_configured. */
  stripe: StripeGateway | null;
  events: EventProducer;
  /** STRIPE_APPLICATION_FEE_BPS */
  feeBps: number;
  appUrl: string;
  /** The delivery pipeline (modules/delivery), bound late: a payment link goes through it. */
  deliver?: () => Deliver | null;
  repo?: PaymentsRepo;
}

export type GuestPaymentsService = ReturnType<typeof createGuestPaymentsService>;

/** The contract view of a row: the Checkout URL only while the guest can still pay. */
export function toGuestPayment(row: GuestPaymentRow): GuestPayment {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    property_id: row.propertyId,
    booking_id: row.bookingId,
    checkin_id: row.checkinId,
    kind: row.kind,
    status: row.status,
    concept: row.concept,
    amount: row.amount,
    currency: row.currency,
    captured_amount: row.capturedAmount,
    refunded_amount: row.refundedAmount,
    checkout_url: isOpenGuestPayment(row.status) ? row.checkoutUrl : null,
    expires_at: iso(row.expiresAt),
    capture_before: iso(row.captureBefore),
    guest_name: row.guestName,
    guest_email: row.guestEmail,
    guest_phone: row.guestPhone,
    sent_via: row.sentVia,
    sent_at: iso(row.sentAt),
    failure_message: row.failureMessage,
    created_at: row.createdAt.toISOString(),
    paid_at: iso(row.paidAt),
    refunded_at: iso(row.refundedAt),
  };
}

const providerFailure = (err: unknown): never => {
  if (err instanceof AdapterError) throw paymentsErrors.provider();
  throw err;
};

/**
 * The guest payments engine (issue 16, docs/payments.md): Checkout sessions as destination charges to the
 * operator's connected account, their states from Stripe (order safe, re-read), refunds, captures and
 * releases. Deposits (checkins) and the online direct booking build on createGuestCheckout and react to
 * `guest_payment.changed`.
 */
export function createGuestPaymentsService(deps: GuestPaymentsDeps) {
  const repo = deps.repo ?? createPaymentsRepo({ db: deps.db });
  const apply: PaymentApplier = createPaymentApplier({
    db: deps.db,
    clock: deps.clock,
    repo,
    events: deps.events,
  });
  const gateway = (): StripeGateway => {
    if (!deps.stripe) throw paymentsErrors.notConfigured();
    return deps.stripe;
  };

  async function owned(accountId: string, paymentId: string): Promise<GuestPaymentRow> {
    const row = await repo.guestPayment(accountId, paymentId);
    if (!row) throw paymentsErrors.notFound();
    return row;
  }

  /** Re-reads the row's session (or intent) from Stripe and applies what it says. */
  async function resync(row: GuestPaymentRow, on?: { tx: Db; emit: Emit }): Promise<GuestPaymentRow> {
    const stripe = gateway();
    const now = deps.clock.now();
    let reading = null;
    if (row.stripeCheckoutSessionId) {
      const session = await stripe.retrieveCheckoutSession(row.stripeCheckoutSessionId);
      reading = await readingOfSession(stripe, session, row, now);
    } else if (row.stripePaymentIntentId) {
      reading = readingOfIntent(await stripe.retrievePaymentIntent(row.stripePaymentIntentId), row, now);
    }
    if (!reading) return row;
    return (await apply(row.id, reading, on)) ?? row;
  }

  const service = {
    apply,
    resync,

    /**
     * A Checkout session for a guest, as a destination charge to the operator's connected account; answers
     * the guest_payments row with its checkout_url. Refuses: payments.not_configured, payments.no_provider,
     * payments.price_zero, payments.missing_data.
     */
    async createGuestCheckout(input: CreateGuestCheckoutInput): Promise<GuestPaymentRow> {
      const stripe = gateway();
      if (!Number.isInteger(input.amount) || input.amount <= 0) throw paymentsErrors.priceZero();
      const missing = [
        !input.concept?.trim() && 'concept',
        !input.currency && 'currency',
        !input.successUrl && 'success_url',
        !input.cancelUrl && 'cancel_url',
        !input.propertyId && 'property_id',
      ].filter((f): f is string => Boolean(f));
      if (missing.length > 0) throw paymentsErrors.missingData(missing);
      const provider = await repo.paymentAccount(input.accountId, input.tx);
      if (!provider?.chargesEnabled || provider.status === 'rejected') throw paymentsErrors.noProvider();

      const now = deps.clock.now();
      const wanted = input.expiresAt?.getTime() ?? now.getTime() + SESSION_MAX_MS;
      const expiresAt = new Date(
        Math.min(now.getTime() + SESSION_MAX_MS, Math.max(now.getTime() + SESSION_MIN_MS, wanted)),
      );
      const id = randomUUID();
      const fee = applicationFeeOf(input.amount, deps.feeBps);
      const metadata = {
        account_id: input.accountId,
        guest_payment_id: id,
        kind: input.kind,
        booking_id: input.bookingId ?? '',
        checkin_id: input.checkinId ?? '',
      };
      const destination = provider.stripeAccountId;
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        client_reference_id: id,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amount,
              product_data: { name: input.concept.trim() },
            },
          },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: Math.floor(expiresAt.getTime() / 1000),
        metadata,
        payment_intent_data: {
          on_behalf_of: destination,
          transfer_data: { destination },
          metadata,
          ...(fee > 0 ? { application_fee_amount: fee } : {}),
          ...(input.captureManual ? { capture_method: 'manual' as const } : {}),
          ...(input.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
        },
        ...(input.saveCard ? { customer_creation: 'always' as const } : {}),
        ...(input.guest.email ? { customer_email: input.guest.email } : {}),
      };
      const session = await stripe
        .createCheckoutSession(params, { idempotencyKey: id })
        .catch(providerFailure);
      const row = {
        id,
        accountId: input.accountId,
        propertyId: input.propertyId,
        bookingId: input.bookingId ?? null,
        checkinId: input.checkinId ?? null,
        kind: input.kind,
        status: 'open' as const,
        concept: input.concept.trim(),
        amount: input.amount,
        currency: input.currency.toUpperCase(),
        applicationFeeAmount: fee,
        stripeAccountId: destination,
        stripeCheckoutSessionId: session.id,
        checkoutUrl: session.url,
        expiresAt: session.expires_at ? new Date(session.expires_at * 1000) : expiresAt,
        guestName: input.guest.name ?? null,
        guestEmail: input.guest.email ?? null,
        guestPhone: input.guest.phone ?? null,
        createdBy: input.createdBy ?? null,
        createdAt: now,
        updatedAt: now,
      };
      return repo.insertGuestPayment(row, input.tx);
    },

    /**
     * Gives money back: a paid payment is refunded (reverse_transfer and refund_application_fee, so the
     * operator's transfer and the platform fee come back in proportion); an authorized hold is released
     * (the PaymentIntent cancelled, nothing moved). `amount` defaults to what is left.
     */
    async refundGuestPayment(
      accountId: string,
      paymentId: string,
      amount?: number,
    ): Promise<GuestPaymentRow> {
      const stripe = gateway();
      const row = await owned(accountId, paymentId);
      if (row.status === 'authorized' && row.stripePaymentIntentId) {
        const intent = await stripe
          .cancelPaymentIntent(row.stripePaymentIntentId, {}, { idempotencyKey: `${row.id}:release` })
          .catch(providerFailure);
        const reading = readingOfIntent(intent, row, deps.clock.now());
        return (reading && (await apply(row.id, reading))) || row;
      }
      const left = row.capturedAmount - row.refundedAmount;
      if ((row.status !== 'paid' && row.status !== 'refunded') || !row.stripePaymentIntentId || left <= 0)
        throw paymentsErrors.invalidState();
      const give = amount ?? left;
      if (give <= 0 || give > left) throw paymentsErrors.refundTooMuch();
      const refund = await stripe
        .createRefund(
          {
            payment_intent: row.stripePaymentIntentId,
            amount: give,
            reverse_transfer: true,
            refund_application_fee: true,
            metadata: { account_id: accountId, guest_payment_id: row.id },
          },
          { idempotencyKey: `${row.id}:refund:${row.refundedAmount}:${give}` },
        )
        .catch(providerFailure);
      if (refund.status === 'failed' || refund.status === 'canceled') throw paymentsErrors.provider();
      return (
        (await apply(row.id, {
          status: 'refunded',
          patch: { refundedAmount: row.refundedAmount + give },
        })) ?? row
      );
    },

    /** Takes `amount` (at most what is held) of an authorized hold. */
    async captureGuestPayment(
      accountId: string,
      paymentId: string,
      amount: number,
    ): Promise<GuestPaymentRow> {
      const stripe = gateway();
      const row = await owned(accountId, paymentId);
      if (row.status !== 'authorized' || !row.stripePaymentIntentId) throw paymentsErrors.invalidState();
      if (!Number.isInteger(amount) || amount <= 0) throw paymentsErrors.priceZero();
      if (amount > row.amount) throw paymentsErrors.captureTooMuch();
      const fee = applicationFeeOf(amount, deps.feeBps);
      const intent = await stripe
        .capturePaymentIntent(
          row.stripePaymentIntentId,
          { amount_to_capture: amount, ...(fee > 0 ? { application_fee_amount: fee } : {}) },
          { idempotencyKey: `${row.id}:capture:${amount}` },
        )
        .catch(providerFailure);
      const reading = readingOfIntent(intent, row, deps.clock.now());
      return (reading && (await apply(row.id, reading))) || row;
    },

    /**
     * Withdraws an open link: marked canceled first (so the expiry event that follows changes nothing),
     * then its Checkout session is expired. If the guest paid meanwhile, Stripe refuses the expiry and the
     * re-read moves the payment to paid (money that moved wins over the withdrawal).
     */
    async cancelGuestPayment(accountId: string, paymentId: string): Promise<GuestPaymentRow> {
      const stripe = gateway();
      const row = await owned(accountId, paymentId);
      if (!isOpenGuestPayment(row.status) || !row.stripeCheckoutSessionId)
        throw paymentsErrors.invalidState();
      const canceled = (await apply(row.id, { status: 'canceled', patch: {} })) ?? row;
      try {
        await stripe.expireCheckoutSession(row.stripeCheckoutSessionId);
      } catch (err) {
        if (!(err instanceof AdapterError)) throw err;
        return resync(canceled);
      }
      return canceled;
    },

    /** Every guest payment of a booking of the account (another account's booking: 404). */
    async listForBooking(tenant: Tenant, bookingId: string): Promise<GuestPayment[]> {
      const booking = await repo.booking(tenant.accountId, bookingId);
      if (!booking) throw paymentsErrors.bookingNotFound();
      return (await repo.bookingPayments(tenant.accountId, bookingId)).map(toGuestPayment);
    },

    /** A payment link (guest charge) on a reservation, in the reservation's currency; optionally sent. */
    async createPaymentLink(
      tenant: Tenant,
      bookingId: string,
      body: { concept: string; amount: number; send_via?: SendVia },
      locale: Locale,
    ): Promise<GuestPayment> {
      const booking = await repo.booking(tenant.accountId, bookingId);
      if (!booking) throw paymentsErrors.bookingNotFound();
      const row = await service.createGuestCheckout({
        accountId: tenant.accountId,
        propertyId: booking.propertyId,
        bookingId: booking.id,
        kind: 'link',
        concept: body.concept,
        amount: body.amount,
        currency: booking.currency,
        guest: { name: booking.name, email: booking.email || null, phone: booking.phone || null },
        successUrl: `${deps.appUrl}/pay/result?status=success`,
        cancelUrl: `${deps.appUrl}/pay/result?status=cancel`,
        createdBy: tenant.userId,
      });
      if (body.send_via) return service.send(tenant, row.id, body.send_via, locale);
      return toGuestPayment(row);
    },

    /** Sends an open link to the guest by e-mail or WhatsApp, or records that it was copied. */
    async send(tenant: Tenant, paymentId: string, via: SendVia, locale: Locale): Promise<GuestPayment> {
      const row = await owned(tenant.accountId, paymentId);
      if (!isOpenGuestPayment(row.status) || !row.checkoutUrl) throw paymentsErrors.invalidState();
      const amount = `${(row.amount / 100).toFixed(row.currency === 'COP' ? 0 : 2)} ${row.currency}`;
      const params = { name: row.guestName ?? '', concept: row.concept, amount, url: row.checkoutUrl };
      let sentVia: string = via;
      if (via === 'email' || via === 'whatsapp') {
        if (via === 'email' && !row.guestEmail) throw paymentsErrors.noEmail();
        if (via === 'whatsapp' && !row.guestPhone) throw paymentsErrors.noPhone();
        const deliver = deps.deliver?.();
        if (!deliver) throw paymentsErrors.whatsappNotConfigured();
        // The channel the operator picked first, then the property's order for payment links (docs/messaging.md).
        const { delivery } = await deliver({
          accountId: row.accountId,
          kind: 'payment_link',
          ref: `guest_payment:${row.id}`,
          to: { name: row.guestName ?? '', phone: row.guestPhone, email: row.guestEmail },
          propertyId: row.propertyId,
          bookingId: row.bookingId,
          checkinId: row.checkinId,
          language: locale,
          text: translate(locale, via === 'email' ? 'payments.mail_text' : 'payments.whatsapp_text', params),
          subject: translate(locale, 'payments.mail_subject', params),
          values: {
            guest_name: (row.guestName ?? '').trim().split(/\s+/)[0] || '—',
            concept: row.concept,
            amount,
          },
          link: row.checkoutUrl,
          firstChannel: via,
        });
        // Nothing is recorded as sent that no provider took: the record and the bell say why.
        if (delivery.status === 'failed' || delivery.status === 'skipped') throw paymentsErrors.notSent();
        sentVia = delivery.channel;
      }
      const updated = await repo.updateGuestPayment(row.id, {
        sentVia,
        sentAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      });
      return toGuestPayment(updated ?? row);
    },

    /** A payment of the account, as the contract shows it (another account's: 404). */
    async get(accountId: string, paymentId: string): Promise<GuestPayment> {
      return toGuestPayment(await owned(accountId, paymentId));
    },

    /** The sweep: open payments past their expiry are re-read (a lost webhook), expired if still open. */
    async sweepExpired(): Promise<number> {
      if (!deps.stripe) return 0;
      const stripe = deps.stripe;
      let changed = 0;
      for (const row of await repo.overdueOpen(deps.clock.now())) {
        try {
          let after = await resync(row);
          if (isOpenGuestPayment(after.status) && row.stripeCheckoutSessionId) {
            await stripe.expireCheckoutSession(row.stripeCheckoutSessionId).catch(() => undefined);
            after = await resync(after);
            if (isOpenGuestPayment(after.status))
              after = (await apply(row.id, { status: 'expired', patch: {} })) ?? after;
          }
          if (after.status !== row.status) changed++;
        } catch {
          // Stripe unreachable: the next run tries again.
        }
      }
      return changed;
    },
  };
  return service;
}
