/**
 * A STATEFUL local Stripe (tests, e2e, bench; never production): node:http on 127.0.0.1, a random port.
 * Point the app at it with `fake.env` ({ STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE }).
 *
 * API (`/v1/...`, form-encoded like Stripe, `Authorization: Bearer <key>`, `Idempotency-Key` honoured,
 * `expand[]` on ids, `Stripe-Account` remembered so those objects' events carry `account`; errors are
 * `{ error: { type, message, code, param } }` with 400/401/402/404):
 *   accounts (create, retrieve), account_links, checkout/sessions (create, retrieve, expire, line_items),
 *   payment_intents (create incl. confirm+off_session, retrieve, capture, cancel), refunds, customers
 *   (create, update, retrieve), products, prices, coupons, tax_rates (create, retrieve), subscriptions
 *   (create, retrieve, update, cancel = DELETE; default_tax_rates taxed on every invoice), invoices
 *   (retrieve, create_preview), billing_portal/sessions, charges and payment_methods (retrieve). Magic
 *   payment methods: `pm_card_visa`, `pm_card_chargeDeclined` (402).
 *
 * HOSTED PAGES (plain HTML; each button POSTs, the fake waits until its webhooks are delivered, then 303):
 *   /checkout/{cs_id}     buttons "Pay" (use exact: true), "Pay with failing card" (stays open, shows
 *                         "Your card was declined."), "Cancel" (→ cancel_url). Pay → success_url with
 *                         {CHECKOUT_SESSION_ID}. Manual capture: intent requires_capture, session complete
 *                         and payment_status 'unpaid'. Subscription mode: customer + subscription + invoice.
 *   /onboarding/{acct_id}?link=…  "Complete onboarding" (charges and payouts enabled, nothing due) or
 *                         "Submit but pending verification" (details_submitted, pending_verification) →
 *                         return_url. A used or expired link (300 s) redirects to refresh_url.
 *   /portal/{bps_id}      the customer's subscriptions, "Cancel plan" (cancel_at_period_end), "Return" link.
 *   /invoice/{in_id}      the invoice's number, total and status.
 *
 * WEBHOOKS: every state change creates an event (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256 of `t.body`
 * with STRIPE_WEBHOOK_SECRET) POSTed in order to `webhookUrl`: account.updated (with `account`),
 * checkout.session.completed|expired|async_payment_failed, payment_intent.amount_capturable_updated|
 * succeeded|canceled|payment_failed, charge.refunded, customer.subscription.created|updated|deleted,
 * invoice.finalized|paid|payment_failed. One attempt per event; redeliver by hand.
 *
 * CONTROL (`/_fake/...`, JSON in and out, no key; each POST answers after its webhooks were delivered;
 * the e2e server exposes the same under its side port as `/stripe/...`):
 *   POST /_fake/webhook                          {url}  where events go (null: nowhere)
 *   GET  /_fake/events[?type=…]                  {data:[{id,type,created,account,object_id,deliveries}]}
 *   GET  /_fake/events/{evt}                     the event as sent
 *   POST /_fake/events/{evt}/redeliver           the same event again (fresh signature): replay tests
 *   GET  /_fake/objects?object=checkout.session  {data:[…]} newest first (any object type)
 *   GET  /_fake/objects/{id}                     any object by id
 *   POST /_fake/checkout_sessions/{cs}/complete  {outcome:'paid'|'failed'|'async_failed'} like the page
 *   POST /_fake/checkout_sessions/{cs}/expire    the session expires (checkout.session.expired)
 *   POST /_fake/payment_intents/{pi}/expire_hold the authorisation lapses (canceled, reason 'automatic')
 *   POST /_fake/accounts/{acct}/onboarding       {outcome:'complete'|'pending'} like the page
 *   POST /_fake/accounts/{acct}/requirements     {currently_due?, past_due?, eventually_due?,
 *                                                pending_verification?, disabled_reason? ('requirements.past_due',
 *                                                'rejected.fraud'…), charges_enabled?, payouts_enabled?}
 *   POST /_fake/subscriptions/{sub}/advance      {fail?} next period: renewal invoice paid (or failed → past_due);
 *                                                cancel_at_period_end → canceled
 *   POST /_fake/subscriptions/{sub}/end_trial    {fail?} the trial ends now, first paid period starts
 *   POST /_fake/subscriptions/{sub}/fail_next_invoice   its next invoice payment fails
 *   POST /_fake/customers/{cus}/fail_next_charge the customer's next charge (invoice or off-session) fails
 *   POST /_fake/invoices/{in}/pay                retries an open invoice successfully (past_due → active)
 *   POST /_fake/flush                            waits for every queued delivery
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createAccount,
  createAccountLink,
  finishOnboarding,
  setRequirements,
} from './stripe.fake-accounts.ts';
import {
  advanceSubscription,
  cancelSubscription,
  createPortalSession,
  createSubscription,
  endTrial,
  previewInvoice,
  updateSubscription,
} from './stripe.fake-billing.ts';
import {
  createCoupon,
  createCustomer,
  createPrice,
  createProduct,
  updateCustomer,
} from './stripe.fake-catalog.ts';
import {
  type CheckoutOutcome,
  completeCheckout,
  createCheckoutSession,
  expireCheckoutSession,
  sweepExpiredSessions,
} from './stripe.fake-checkout.ts';
import { type Form, parseForm } from './stripe.fake-form.ts';
import { chargeInvoice } from './stripe.fake-invoices.ts';
import { servePage } from './stripe.fake-pages.ts';
import {
  cancelPaymentIntent,
  capturePaymentIntent,
  createPaymentIntent,
  createRefund,
} from './stripe.fake-payments.ts';
import {
  FakeStripeError,
  type FakeStripeEvent,
  FakeStripeStore,
  invalid,
  type Obj,
} from './stripe.fake-store.ts';
import { createTaxRate } from './stripe.fake-tax.ts';

export interface FakeStripeOptions {
  webhookUrl?: string | null;
  secretKey?: string;
  webhookSecret?: string;
  /** The fake's clock in ms (Date.now by default): object timestamps and signature `t`. */
  now?: () => number;
}

export interface FakeStripe {
  /** http://127.0.0.1:port */
  url: string;
  env: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_BASE: string };
  store: FakeStripeStore;
  /** Every event created so far, oldest first, with its deliveries. */
  readonly events: FakeStripeEvent[];
  setWebhookUrl(url: string | null): void;
  /** Awaited after each delivery is answered (pass `app.eventsIdle`: the handlers run after the answer). */
  setAfterDelivery(wait: (() => Promise<void>) | null): void;
  /** Answers the next `count` API requests with this status and Stripe error (500 api_error by default). */
  failNext(status?: number, count?: number): void;
  /** Runs a control action (the same as `POST /_fake/<path>`) and waits for its deliveries. */
  control(path: string, body?: Obj): Promise<unknown>;
  completeCheckout(sessionId: string, outcome?: CheckoutOutcome): Promise<Obj>;
  /** Any object by id, as stored (undefined when none). */
  object(id: string): Obj | undefined;
  redeliver(eventId: string): Promise<void>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

type Route = (store: FakeStripeStore, form: Form, id: string, account: string | null) => Obj;

/** `METHOD /v1/path` with `{id}` as the one path parameter. */
const api: Record<string, Route> = {
  'POST /v1/accounts': (s, f) => createAccount(s, f),
  'GET /v1/accounts/{id}': (s, _f, id) => s.get(id, 'account', 'account'),
  'POST /v1/account_links': (s, f) => createAccountLink(s, f),
  'POST /v1/checkout/sessions': (s, f, _id, a) => createCheckoutSession(s, f, a),
  'GET /v1/checkout/sessions/{id}': (s, _f, id) => s.get(id, 'checkout.session', 'checkout.session'),
  'POST /v1/checkout/sessions/{id}/expire': (s, _f, id) => expireCheckoutSession(s, id),
  'GET /v1/checkout/sessions/{id}/line_items': (s, _f, id) => {
    s.get(id, 'checkout.session', 'checkout.session');
    return {
      object: 'list',
      data: s.lineItems.get(id) ?? [],
      has_more: false,
      url: `/v1/checkout/sessions/${id}/line_items`,
    };
  },
  'POST /v1/payment_intents': (s, f, _id, a) => createPaymentIntent(s, f, a),
  'GET /v1/payment_intents/{id}': (s, _f, id) => s.get(id, 'payment_intent', 'payment_intent'),
  'POST /v1/payment_intents/{id}/capture': (s, f, id) => capturePaymentIntent(s, id, f),
  'POST /v1/payment_intents/{id}/cancel': (s, f, id) => cancelPaymentIntent(s, id, f),
  'GET /v1/charges/{id}': (s, _f, id) => s.get(id, 'charge', 'charge'),
  'GET /v1/payment_methods/{id}': (s, _f, id) => s.get(id, 'payment method', 'payment_method'),
  'POST /v1/refunds': (s, f, _id, a) => createRefund(s, f, a),
  'POST /v1/customers': (s, f, _id, a) => createCustomer(s, f, a),
  'GET /v1/customers/{id}': (s, _f, id) => s.get(id, 'customer', 'customer'),
  'POST /v1/customers/{id}': (s, f, id) => updateCustomer(s, id, f),
  'POST /v1/products': (s, f, _id, a) => createProduct(s, f, a),
  'POST /v1/prices': (s, f, _id, a) => createPrice(s, f, a),
  'POST /v1/coupons': (s, f, _id, a) => createCoupon(s, f, a),
  'POST /v1/tax_rates': (s, f, _id, a) => createTaxRate(s, f, a),
  'GET /v1/tax_rates/{id}': (s, _f, id) => s.get(id, 'tax_rate', 'tax_rate'),
  'POST /v1/subscriptions': (s, f, _id, a) => createSubscription(s, f, a),
  'GET /v1/subscriptions/{id}': (s, _f, id) => s.get(id, 'subscription', 'subscription'),
  'POST /v1/subscriptions/{id}': (s, f, id) => updateSubscription(s, id, f),
  'DELETE /v1/subscriptions/{id}': (s, _f, id) => cancelSubscription(s, id),
  'POST /v1/invoices/create_preview': (s, f) => previewInvoice(s, f),
  'GET /v1/invoices/{id}': (s, _f, id) => s.get(id, 'invoice', 'invoice'),
  'POST /v1/billing_portal/sessions': (s, f) => createPortalSession(s, f),
};

type Control = (store: FakeStripeStore, body: Obj, id: string) => unknown;

const control: Record<string, Control> = {
  'POST webhook': (s, b) => {
    s.webhookUrl = typeof b.url === 'string' && b.url ? b.url : null;
    return { url: s.webhookUrl };
  },
  'GET events': (s, b) => ({
    data: s.events
      .filter((e) => !b.type || e.type === b.type)
      .map((e) => ({
        id: e.id,
        type: e.type,
        created: e.event.created,
        account: e.event.account ?? null,
        object_id: e.event.data.object.id ?? null,
        deliveries: e.deliveries,
      })),
  }),
  'GET events/{id}': (s, _b, id) => found(s.events.find((e) => e.id === id)?.event, id),
  'POST events/{id}/redeliver': (s, _b, id) => {
    const record = s.events.find((e) => e.id === id);
    if (!record)
      throw new FakeStripeError(404, 'invalid_request_error', `No such event: '${id}'`, 'resource_missing');
    s.deliver(record);
    return { id };
  },
  'GET objects': (s, b) => ({
    data: [...s.objects.values()].filter((o) => !b.object || o.object === b.object).reverse(),
  }),
  'GET objects/{id}': (s, _b, id) => found(s.objects.get(id), id),
  'POST checkout_sessions/{id}/complete': (s, b, id) =>
    completeCheckout(s, id, (b.outcome as CheckoutOutcome) ?? 'paid'),
  'POST checkout_sessions/{id}/expire': (s, _b, id) => expireCheckoutSession(s, id),
  'POST payment_intents/{id}/expire_hold': (s, _b, id) => {
    const intent = s.get(id, 'payment_intent', 'payment_intent');
    if (intent.status !== 'requires_capture')
      throw invalid(`The intent is ${intent.status}, not requires_capture.`);
    return cancelPaymentIntent(s, id, {}, 'automatic');
  },
  'POST accounts/{id}/onboarding': (s, b, id) =>
    finishOnboarding(s, id, b.outcome === 'pending' ? 'pending' : 'complete'),
  'POST accounts/{id}/requirements': (s, b, id) => setRequirements(s, id, b),
  'POST subscriptions/{id}/advance': (s, b, id) => advanceSubscription(s, id, { fail: b.fail === true }),
  'POST subscriptions/{id}/end_trial': (s, b, id) => endTrial(s, id, b.fail === true),
  'POST subscriptions/{id}/fail_next_invoice': (s, _b, id) => {
    s.get(id, 'subscription', 'subscription');
    s.failNextInvoice.add(id);
    return { id, fail_next_invoice: true };
  },
  'POST customers/{id}/fail_next_charge': (s, _b, id) => {
    s.get(id, 'customer', 'customer');
    s.failNextCharge.add(id);
    return { id, fail_next_charge: true };
  },
  'POST invoices/{id}/pay': (s, _b, id) => {
    const invoice = s.get(id, 'invoice', 'invoice');
    if (invoice.status !== 'open') throw invalid(`Invoice is ${invoice.status}, not open.`);
    chargeInvoice(s, invoice, false);
    return invoice;
  },
  'POST flush': () => ({ flushed: true }),
};

function found(value: unknown, id: string) {
  if (value === undefined)
    throw new FakeStripeError(404, 'invalid_request_error', `No such object: '${id}'`, 'resource_missing');
  return value;
}

/** The route key for a path: the segment after a known collection becomes {id}. */
function match<T>(table: Record<string, T>, method: string, segments: string[], prefix: string) {
  for (let i = 0; i <= segments.length; i++) {
    const key = `${method} ${prefix}${segments.map((s, j) => (j === i ? '{id}' : s)).join('/')}`;
    if (table[key]) return { route: table[key] as T, id: segments[i] ?? '' };
  }
  return null;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => resolve(raw));
    req.on('error', reject);
  });

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake_posada';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_posada';
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const scripted: number[] = [];
  let store: FakeStripeStore;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', store.base);
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    sweepExpiredSessions(store);
    const segments = url.pathname.split('/').filter(Boolean);

    if (segments[0] === '_fake') {
      const body: Obj = raw ? JSON.parse(raw) : Object.fromEntries(url.searchParams);
      const hit = match(control, method, segments.slice(1), '');
      if (!hit)
        return json(res, 404, {
          error: { type: 'invalid_request_error', message: `No control ${method} ${url.pathname}` },
        });
      const result = hit.route(store, body, hit.id);
      await store.flush();
      return json(res, 200, result);
    }

    if (segments[0] !== 'v1') {
      const answer = await servePage(store, method, url);
      if (!answer) return json(res, 404, { error: { type: 'invalid_request_error', message: 'Not found' } });
      res.writeHead(answer.status, {
        'content-type': 'text/html; charset=utf-8',
        ...(answer.location ? { location: answer.location } : {}),
      });
      return res.end(answer.html ?? '');
    }

    // Bearer, as the SDK sends it, or Basic `key:` as `curl -u sk_test_…:` does.
    const authorization = String(req.headers.authorization ?? '');
    const basic = authorization.startsWith('Basic ')
      ? Buffer.from(authorization.slice(6), 'base64').toString('utf8').replace(/:$/, '')
      : null;
    if (authorization !== `Bearer ${secretKey}` && basic !== secretKey) {
      return json(res, 401, {
        error: {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided: sk_test_****',
          code: 'api_key_invalid',
        },
      });
    }
    const forced = scripted.shift();
    if (forced)
      return json(res, forced, {
        error: { type: forced >= 500 ? 'api_error' : 'invalid_request_error', message: 'Scripted failure' },
      });
    const key = req.headers['idempotency-key'];
    const cacheKey =
      typeof key === 'string' && method === 'POST' ? `${req.headers.authorization} ${key}` : null;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached) return json(res, cached.status, cached.body);

    const form = parseForm(method === 'GET' ? url.search.slice(1) : raw);
    const hit = match(api, method, segments.slice(1), '/v1/');
    let status = 200;
    let body: unknown;
    if (!hit) {
      status = 404;
      body = {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}).`,
        },
      };
    } else {
      try {
        const account =
          typeof req.headers['stripe-account'] === 'string' ? req.headers['stripe-account'] : null;
        if (account) store.get(account, 'account', 'account', 'Stripe-Account');
        body = store.expand(hit.route(store, form, hit.id, account), form.expand);
      } catch (error) {
        if (!(error instanceof FakeStripeError)) throw error;
        status = error.status;
        body = error.body();
      }
    }
    if (cacheKey) idempotent.set(cacheKey, { status, body });
    return json(res, status, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof FakeStripeError) return json(res, error.status, error.body());
      json(res, 500, {
        error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  store = new FakeStripeStore(base, webhookSecret, options.webhookUrl ?? null, options.now ?? Date.now);

  const runControl = async (path: string, body: Obj = {}) => {
    const hit = match(control, 'POST', path.split('/').filter(Boolean), '');
    if (!hit) throw new Error(`No control POST ${path}`);
    const result = hit.route(store, body, hit.id);
    await store.flush();
    return result;
  };

  return {
    url: base,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: base },
    store,
    get events() {
      return store.events;
    },
    setWebhookUrl(url) {
      store.webhookUrl = url;
    },
    setAfterDelivery(wait) {
      store.afterDelivery = wait;
    },
    failNext(status = 500, count = 1) {
      for (let i = 0; i < count; i++) scripted.push(status);
    },
    control: runControl,
    completeCheckout: (id, outcome = 'paid') =>
      runControl(`checkout_sessions/${id}/complete`, { outcome }) as Promise<Obj>,
    object: (id) => store.objects.get(id),
    async redeliver(eventId) {
      await runControl(`events/${eventId}/redeliver`);
    },
    flush: () => store.flush(),
    async close() {
      await store.flush();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
