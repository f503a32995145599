import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { signStripePayload } from './stripe.client.ts';

/** The API version the SDK pins (its requests send it; our objects follow its shapes). */
export const FAKE_STRIPE_API_VERSION: string = Stripe.API_VERSION;

// biome-ignore lint/suspicious/noExplicitAny: the fake stores Stripe objects as plain JSON.
export type Obj = Record<string, any>;

/** An event the fake created, and what each delivery to the webhook URL answered. */
export interface FakeStripeEvent {
  id: string;
  type: string;
  /** The JSON body as first delivered (a redelivery sends the same body with a fresh signature). */
  body: string;
  event: Obj;
  deliveries: { at: number; status: number | 'error' }[];
}

/** A thrown Stripe error envelope: `{ error: { type, message, code, param } }` with its status. */
export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Obj = {},
  ) {
    super(message);
  }
  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...this.extra,
      },
    };
  }
}

export const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new FakeStripeError(400, 'invalid_request_error', message, code, param);
export const missing = (param: string) =>
  new FakeStripeError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );
export const noSuch = (kind: string, id: string, param = 'id') =>
  new FakeStripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);
export const unexpectedState = (message: string) =>
  new FakeStripeError(400, 'invalid_request_error', message, 'payment_intent_unexpected_state');

/**
 * The fake's state: every object by id (one map, ids carry Stripe's prefixes), the events in order,
 * scripted failures, and the webhook queue. Deliveries are sequential, in creation order.
 */
export class FakeStripeStore {
  objects = new Map<string, Obj>();
  events: FakeStripeEvent[] = [];
  /** Customers whose next charge (off-session intent or invoice) is declined. */
  failNextCharge = new Set<string>();
  /** Subscriptions whose next invoice payment fails. */
  failNextInvoice = new Set<string>();
  /** Objects created on a connected account (the `Stripe-Account` header): their events carry `account`. */
  owner = new Map<string, string>();
  /** Account links (single use, 300 s): the hosted onboarding page reads them. */
  links = new Map<
    string,
    { account: string; return_url: string; refresh_url: string; expires_at: number; used: boolean }
  >();
  /** Checkout sessions' line items (Stripe lists them apart, not on the session). */
  lineItems = new Map<string, Obj[]>();
  /** The create params of each checkout session (payment_intent_data, subscription_data…), used on payment. */
  sessionParams = new Map<string, Obj>();
  /** Proration lines waiting for a subscription's next invoice (proration_behavior=create_prorations). */
  pendingLines = new Map<string, Obj[]>();
  /** How many invoices each subscription's coupon has discounted (once, repeating N months). */
  couponUses = new Map<string, number>();
  invoiceSeq = 1;
  private queue: Promise<void> = Promise.resolve();
  webhookUrl: string | null;
  /**
   * Awaited after each delivery's answer: the app acknowledges a webhook before its handlers run, so a
   * test (or the e2e server) hands in `app.eventsIdle` to know the event was applied, as Stripe's next
   * redirect would find it.
   */
  afterDelivery: (() => Promise<void>) | null = null;

  constructor(
    readonly base: string,
    readonly webhookSecret: string,
    webhookUrl: string | null,
    readonly nowMs: () => number,
  ) {
    this.webhookUrl = webhookUrl;
  }

  /** Unix seconds on the fake's clock. */
  now() {
    return Math.floor(this.nowMs() / 1000);
  }

  id(prefix: string) {
    return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  }

  put<T extends Obj>(object: T, stripeAccount?: string | null): T {
    this.objects.set(object.id, object);
    if (stripeAccount) this.owner.set(object.id, stripeAccount);
    return object;
  }

  get(id: string, kind: string, object: string, param = 'id'): Obj {
    const found = this.objects.get(id);
    if (!found || found.object !== object) throw noSuch(kind, id, param);
    return found;
  }

  /** Creates an event for the object's current state (a snapshot) and queues its delivery. */
  emit(type: string, object: Obj, options: { account?: string | null; previous?: Obj } = {}) {
    const account = options.account ?? this.owner.get(object.id);
    const event: Obj = {
      id: this.id('evt'),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: FAKE_STRIPE_API_VERSION,
      created: this.now(),
      data: {
        object: structuredClone(object),
        ...(options.previous ? { previous_attributes: options.previous } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const record: FakeStripeEvent = {
      id: event.id,
      type,
      body: JSON.stringify(event),
      event,
      deliveries: [],
    };
    this.events.push(record);
    this.deliver(record);
    return record;
  }

  /** Sends (or sends again) an event to the webhook URL, after the ones already queued. */
  deliver(record: FakeStripeEvent) {
    this.queue = this.queue.then(async () => {
      const url = this.webhookUrl;
      if (!url) return;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signStripePayload(record.body, this.webhookSecret, this.now()),
          },
          body: record.body,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        record.deliveries.push({ at: this.now(), status: response.status });
        await this.afterDelivery?.();
      } catch {
        record.deliveries.push({ at: this.now(), status: 'error' });
      }
    });
  }

  /** Resolves when every queued delivery has been answered. */
  async flush() {
    let last: Promise<void> | undefined;
    while (last !== this.queue) {
      last = this.queue;
      await last;
    }
  }

  /** Replaces ids by their objects along `expand[]` paths ('latest_charge', 'payment_intent.latest_charge'). */
  expand(object: Obj, paths: unknown): Obj {
    const list = Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string') : [];
    if (list.length === 0) return object;
    const copy = structuredClone(object);
    for (const path of list) this.expandPath(copy, path.split('.'));
    return copy;
  }

  private expandPath(node: Obj, path: string[]) {
    const [key, ...rest] = path;
    if (!key || !node) return;
    if (key === 'data' && Array.isArray(node.data)) {
      for (const item of node.data) this.expandPath(item, rest);
      return;
    }
    const value = node[key];
    if (typeof value === 'string' && this.objects.has(value)) {
      node[key] = structuredClone(this.objects.get(value));
    }
    if (rest.length > 0 && node[key] && typeof node[key] === 'object') this.expandPath(node[key], rest);
  }
}
