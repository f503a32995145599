import { verifyStripeSignature } from '../../adapters/stripe/stripe.client.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { stripeWebhooksErrors } from './stripe-webhooks.errors.ts';
import { createStripeWebhooksRepo, type StoredStripeEvent } from './stripe-webhooks.repo.ts';

export type { StoredStripeEvent };

/** The fields of a Stripe event this module reads (the whole event is stored as `payload`). */
interface ReceivedEvent {
  id: string;
  type: string;
  created: number;
  livemode?: boolean;
  account?: string;
  data?: { object?: Record<string, unknown> };
}

const repo = createStripeWebhooksRepo();

/**
 * A stored Stripe event by id, for the modules that handle `stripe.event` (docs/payments.md, Webhooks):
 * `payload` is the event as Stripe sent it. Null when no such event was stored.
 */
export function readStripeEvent(db: Db, id: string): Promise<StoredStripeEvent | null> {
  return repo.read(db, id);
}

const stringAt = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * POST /api/webhooks/stripe: verify, store once, tell the modules. The signature is checked on the raw
 * body with our clock (300 s). In one transaction the event is inserted `on conflict (id) do nothing`;
 * only a first insert resolves the Posada account and records `stripe.event`, so a replay stores and
 * applies nothing. The answer goes as soon as it commits; the bus runs the handlers right after it
 * (publishInBackground), and the sweep delivers what a crash in between left.
 */
export function createStripeWebhooksService(deps: {
  db: Db;
  events: EventBus;
  clock: Clock;
  webhookSecret?: string;
}) {
  const { db, events, clock } = deps;

  /** event.account → the connected account's owner; else metadata.account_id; else the billing customer. */
  async function accountOf(tx: Db, event: ReceivedEvent): Promise<string | null> {
    if (event.account) {
      const owner = await repo.accountOfConnected(tx, event.account);
      if (owner) return owner;
    }
    const object = event.data?.object ?? {};
    const parent = object.parent as
      | { subscription_details?: { metadata?: Record<string, unknown> } }
      | undefined;
    const metadataId =
      stringAt((object.metadata as Record<string, unknown> | undefined)?.account_id) ??
      stringAt(parent?.subscription_details?.metadata?.account_id);
    if (metadataId) {
      const found = await repo.existingAccount(tx, metadataId);
      if (found) return found;
    }
    const customer = object.object === 'customer' ? stringAt(object.id) : stringAt(object.customer);
    return customer ? repo.accountOfCustomer(tx, customer) : null;
  }

  return {
    async receive(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true; duplicate: boolean }> {
      if (!deps.webhookSecret) throw stripeWebhooksErrors.notConfigured();
      let event: ReceivedEvent;
      try {
        event = verifyStripeSignature(
          rawBody,
          signature,
          deps.webhookSecret,
          clock.now().getTime(),
        ) as unknown as ReceivedEvent;
      } catch {
        throw stripeWebhooksErrors.signatureInvalid();
      }
      if (typeof event.id !== 'string' || typeof event.type !== 'string' || !Number.isFinite(event.created)) {
        throw stripeWebhooksErrors.signatureInvalid();
      }
      // Acknowledged once stored (Stripe wants a quick 2xx): the handlers run right after the answer.
      let recorded: string | null = null;
      const inserted = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const accountId = await accountOf(tx, event);
        const stored = await repo.insert(tx, {
          id: event.id,
          type: event.type,
          livemode: event.livemode === true,
          stripeAccount: event.account ?? null,
          accountId,
          stripeCreatedAt: new Date(event.created * 1000),
          payload: event,
          receivedAt: clock.now(),
          // Nobody to apply it to: stored for the record, done.
          processedAt: accountId ? null : clock.now(),
        });
        if (stored && accountId) {
          recorded = await events.record(tx, accountId, 'stripe.event', {
            event_id: event.id,
            type: event.type,
            stripe_account: event.account ?? null,
          });
        }
        return stored;
      });
      if (recorded) events.publishInBackground([recorded]);
      return { received: true, duplicate: !inserted };
    },

    /** After every other handler of `stripe.event` ran (this one subscribes last): processed_at. */
    markProcessed: (eventId: string) => repo.markProcessed(db, eventId, clock.now()),
    read: (id: string) => repo.read(db, id),
  };
}

export type StripeWebhooksService = ReturnType<typeof createStripeWebhooksService>;
