import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import type { Clock } from '../../lib/clock.ts';
import { sameSecret } from '../../lib/constant-time.ts';
import { AdapterError, type AdapterErrorKind } from '../adapter-error.ts';
import type { AdapterTracker } from '../status.ts';
import type { StripeCallOptions, StripeGateway } from './types.ts';

/** Stripe's default webhook tolerance: |now − t| within 300 s. */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

/** The AdapterError kind for what the SDK threw (its error classes carry Stripe's type and the status). */
export function kindOfStripeError(error: unknown): AdapterErrorKind {
  if (!(error instanceof Stripe.errors.StripeError)) return 'unreachable';
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return /timeout|timed out/i.test(error.message) ? 'timeout' : 'unreachable';
  }
  const status = error.statusCode ?? 0;
  if (error.type === 'StripeAuthenticationError' || error.type === 'StripePermissionError')
    return 'unauthorized';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status >= 500 || error.type === 'StripeAPIError') return 'server_error';
  if (status >= 400) return 'rejected';
  return 'invalid_response';
}

function toAdapterError(error: unknown): AdapterError {
  if (error instanceof AdapterError) return error;
  const status = error instanceof Stripe.errors.StripeError ? error.statusCode : undefined;
  const code = error instanceof Stripe.errors.StripeError && error.code ? `${error.code}: ` : '';
  const message = error instanceof Error ? error.message : String(error);
  return new AdapterError('stripe', kindOfStripeError(error), `${code}${message}`, status);
}

/**
 * Checks `Stripe-Signature` as `stripe.webhooks.constructEvent(raw, header, secret, 300)` does (HMAC-SHA256
 * of `t.rawBody`, any v1 matches in constant time, |now − t| ≤ tolerance), with "now" from our clock.
 */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
  nowMs: number,
  toleranceS = STRIPE_WEBHOOK_TOLERANCE_S,
): Stripe.Event {
  const reject = (detail: string) => new AdapterError('stripe', 'rejected', `webhook signature: ${detail}`);
  if (!header) throw reject('no Stripe-Signature header');
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts
    .filter(([key, value]) => key === 'v1' && value)
    .map(([, value]) => value as string);
  if (!Number.isInteger(t) || signatures.length === 0) throw reject('unreadable header');
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const expected = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest();
  const matches = signatures.some((hex) => {
    const given = Buffer.from(hex, 'hex');
    return sameSecret(given, expected);
  });
  if (!matches) throw reject('no v1 signature matches');
  if (Math.abs(nowMs / 1000 - t) > toleranceS) throw reject('timestamp outside the tolerance');
  try {
    return JSON.parse(body) as Stripe.Event;
  } catch {
    throw reject('body is not JSON');
  }
}

/** A `Stripe-Signature` header for a body (the fake and tests sign like Stripe; several secrets = rolling). */
export function signStripePayload(body: string, secrets: string | string[], timestampS: number): string {
  const list = Array.isArray(secrets) ? secrets : [secrets];
  const v1 = list.map(
    (secret) => `v1=${createHmac('sha256', secret).update(`${timestampS}.${body}`).digest('hex')}`,
  );
  return [`t=${timestampS}`, ...v1].join(',');
}

export interface StripeClientOptions {
  secretKey: string;
  webhookSecret?: string;
  /** STRIPE_API_BASE: https://api.stripe.com, or the fake's http://127.0.0.1:port. */
  apiBase: string;
  clock: Clock;
  tracker?: AdapterTracker;
  timeoutMs?: number;
}

/**
 * The StripeGateway over the official `stripe` package (types.ts). One SDK call per method; one network
 * retry (the SDK sends an idempotency key on retried POSTs); every failure becomes AdapterError('stripe').
 */
export function createStripeClient(opts: StripeClientOptions): StripeGateway {
  const base = new URL(opts.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(opts.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: opts.timeoutMs ?? 20_000,
    telemetry: false,
  });
  const track = opts.tracker ? opts.tracker.track : <T>(call: () => Promise<T>) => call();

  async function call<T>(run: () => Promise<T>): Promise<T> {
    return track(async () => {
      try {
        return await run();
      } catch (error) {
        throw toAdapterError(error);
      }
    });
  }
  const req = (options?: StripeCallOptions): Stripe.RequestOptions | undefined => {
    if (!options?.idempotencyKey && !options?.stripeAccount) return undefined;
    return {
      ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      ...(options.stripeAccount ? { stripeAccount: options.stripeAccount } : {}),
    };
  };

  return {
    createAccount: (params, o) => call(() => stripe.accounts.create(params, req(o))),
    retrieveAccount: (id) => call(() => stripe.accounts.retrieve(id)),
    createAccountLink: (params) => call(() => stripe.accountLinks.create(params)),
    createCheckoutSession: (params, o) => call(() => stripe.checkout.sessions.create(params, req(o))),
    retrieveCheckoutSession: (id, o) => call(() => stripe.checkout.sessions.retrieve(id, undefined, req(o))),
    expireCheckoutSession: (id, o) => call(() => stripe.checkout.sessions.expire(id, undefined, req(o))),
    createPaymentIntent: (params, o) => call(() => stripe.paymentIntents.create(params, req(o))),
    retrievePaymentIntent: (id, o) => call(() => stripe.paymentIntents.retrieve(id, undefined, req(o))),
    capturePaymentIntent: (id, params, o) => call(() => stripe.paymentIntents.capture(id, params, req(o))),
    cancelPaymentIntent: (id, params, o) => call(() => stripe.paymentIntents.cancel(id, params, req(o))),
    createRefund: (params, o) => call(() => stripe.refunds.create(params, req(o))),
    createCustomer: (params, o) => call(() => stripe.customers.create(params, req(o))),
    updateCustomer: (id, params) => call(() => stripe.customers.update(id, params)),
    createProduct: (params, o) => call(() => stripe.products.create(params, req(o))),
    createPrice: (params, o) => call(() => stripe.prices.create(params, req(o))),
    createSubscription: (params, o) => call(() => stripe.subscriptions.create(params, req(o))),
    retrieveSubscription: (id) => call(() => stripe.subscriptions.retrieve(id)),
    updateSubscription: (id, params, o) => call(() => stripe.subscriptions.update(id, params, req(o))),
    cancelSubscription: (id, params) => call(() => stripe.subscriptions.cancel(id, params)),
    createInvoicePreview: (params) => call(() => stripe.invoices.createPreview(params)),
    retrieveInvoice: (id) => call(() => stripe.invoices.retrieve(id)),
    createCoupon: (params, o) => call(() => stripe.coupons.create(params, req(o))),
    createTaxRate: (params, o) => call(() => stripe.taxRates.create(params, req(o))),
    createBillingPortalSession: (params) => call(() => stripe.billingPortal.sessions.create(params)),
    verifyWebhook(rawBody, header) {
      if (!opts.webhookSecret)
        throw new AdapterError('stripe', 'unauthorized', 'STRIPE_WEBHOOK_SECRET is not set');
      return verifyStripeSignature(rawBody, header, opts.webhookSecret, opts.clock.now().getTime());
    },
  };
}
