import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { domainEventDeliveries, domainEvents } from '../db/schema/events.ts';
import type { Jobs } from '../lib/jobs.ts';
import type { DomainEvent, DomainEvents, EventType } from './types.ts';

export const deliverEventsJob = 'events.deliver';

/** A handler must be safe to run again for the same event (docs/events.md: at least once). */
export type EventHandler<K extends EventType> = (event: DomainEvent<K>) => Promise<void> | void;

/** Records an event in the transaction it is given to (the change commits or rolls back with it). */
export type Emit = <K extends EventType>(
  accountId: string,
  type: K,
  payload: DomainEvents[K],
) => Promise<void>;

/** How long a deliverer holds an event, and the sweep of events a crash left behind. */
const LEASE_MS = 60_000;
const SWEEP_INTERVAL_MS = 30_000;
/** The sweep leaves fresh events to the process that committed them (it delivers them right away). */
const SWEEP_MIN_AGE_MS = 10_000;
const KEEP_DELIVERED_MS = 7 * 24 * 3_600_000;
const retryDelayMs = (attempts: number) => Math.min(2 ** attempts * 5_000, 10 * 60_000);

interface DeliverData {
  /** These events, whatever their age (after a failed delivery, a test). */
  ids?: string[];
  /** Set on the sweep's recurring runs (jobs.every). */
  recurring?: boolean;
}

export interface EventBus {
  /** Subscribes `handler` (a stable name: its delivery marker) to every event of `type`. */
  on<K extends EventType>(type: K, handler: string, run: EventHandler<K>): void;
  /** Writes an event to the outbox on `db`; pass a transaction so it commits with the change. */
  record<K extends EventType>(db: Db, accountId: string, type: K, payload: DomainEvents[K]): Promise<string>;
  /** After the commit: runs the events' handlers now; what fails is retried through the job queue. */
  publish(ids: readonly string[]): Promise<void>;
  /**
   * After the commit, without making the caller wait: for an answer that must be quick (a Stripe webhook
   * is acknowledged once stored; its handlers run right after). The sweep covers a crash in between.
   */
  publishInBackground(ids: readonly string[]): void;
  /** Resolves when every background publish has finished (tests, and the e2e server's Stripe fake). */
  idle(): Promise<void>;
  /** A transaction whose emitted events are recorded in it and published after its commit. */
  transaction<T>(db: Db, work: (tx: Db, emit: Emit) => Promise<T>): Promise<T>;
  /** Delivers the given (or else the pending, older than a few seconds) events; answers how many. */
  deliver(ids?: readonly string[]): Promise<number>;
  registerWorkers(opts: { recurring: boolean }): Promise<void>;
}

/**
 * The in-process event bus with its outbox (docs/events.md). Producers record events in their
 * transaction and publish them after the commit; each handler runs at most once per event
 * (domain_event_deliveries), and an event whose handler failed is retried by the `events.deliver` job.
 */
export function createEventBus(deps: { db: Db; jobs: Jobs; logger: FastifyBaseLogger }): EventBus {
  const { db, jobs, logger } = deps;
  const handlers = new Map<string, { name: string; run: EventHandler<EventType> }[]>();
  const inBackground = new Set<Promise<void>>();

  const queueRetry = async (ids: string[], at: Date) => {
    try {
      await jobs.send(deliverEventsJob, { ids }, { startAfter: at, retryLimit: 3, retryDelay: 30 });
    } catch (err) {
      // The sweep finds the event later.
      logger.warn({ err, ids }, 'events: the retry was not queued');
    }
  };

  /** Claims one event, runs the handlers not yet done; false when another deliverer holds it or it failed. */
  const deliverOne = async (id: string): Promise<boolean> => {
    const now = new Date();
    const [row] = await db
      .update(domainEvents)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(
          eq(domainEvents.id, id),
          isNull(domainEvents.deliveredAt),
          or(isNull(domainEvents.lockedUntil), lte(domainEvents.lockedUntil, now)),
        ),
      )
      .returning();
    if (!row) return false;
    const event = {
      id: row.id,
      accountId: row.accountId,
      type: row.type as EventType,
      payload: row.payload,
      createdAt: row.createdAt,
    } as DomainEvent;
    const done = new Set(
      (
        await db
          .select({ handler: domainEventDeliveries.handler })
          .from(domainEventDeliveries)
          .where(eq(domainEventDeliveries.eventId, id))
      ).map((d) => d.handler),
    );
    try {
      for (const handler of handlers.get(row.type) ?? []) {
        if (done.has(handler.name)) continue;
        await handler.run(event);
        await db
          .insert(domainEventDeliveries)
          .values({ eventId: id, handler: handler.name })
          .onConflictDoNothing();
      }
    } catch (error) {
      const attempts = row.attempts + 1;
      const retryAt = new Date(Date.now() + retryDelayMs(attempts));
      await db
        .update(domainEvents)
        .set({ attempts, lastError: String((error as Error)?.message ?? error), lockedUntil: retryAt })
        .where(eq(domainEvents.id, id));
      logger.error({ err: error, event: id, type: row.type, attempts }, 'events: a handler failed');
      await queueRetry([id], retryAt);
      return false;
    }
    await db
      .update(domainEvents)
      .set({ deliveredAt: new Date(), lockedUntil: null })
      .where(eq(domainEvents.id, id));
    return true;
  };

  const bus: EventBus = {
    on(type, name, run) {
      const list = handlers.get(type) ?? [];
      if (list.some((h) => h.name === name)) throw new Error(`events: ${type} already has handler ${name}`);
      list.push({ name, run: run as EventHandler<EventType> });
      handlers.set(type, list);
    },

    async record(on, accountId, type, payload) {
      const [row] = await on
        .insert(domainEvents)
        .values({ accountId, type, payload: payload as Record<string, unknown> })
        .returning({ id: domainEvents.id });
      if (!row) throw new Error('events: the outbox row was not written');
      return row.id;
    },

    async publish(ids) {
      for (const id of ids) {
        try {
          await deliverOne(id);
        } catch (err) {
          // The database failed around the handlers: the sweep delivers the event later.
          logger.error({ err, event: id }, 'events: delivery failed');
        }
      }
    },

    publishInBackground(ids) {
      const running = bus.publish(ids).finally(() => inBackground.delete(running));
      inBackground.add(running);
    },

    async idle() {
      while (inBackground.size > 0) await Promise.all(inBackground);
    },

    async transaction(on, work) {
      const ids: string[] = [];
      const result = await on.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        return work(txDb, async (accountId, type, payload) => {
          ids.push(await bus.record(txDb, accountId, type, payload));
        });
      });
      await bus.publish(ids);
      return result;
    },

    async deliver(ids) {
      const now = new Date();
      const targets =
        ids ??
        (
          await db
            .select({ id: domainEvents.id })
            .from(domainEvents)
            .where(
              and(
                isNull(domainEvents.deliveredAt),
                lte(domainEvents.createdAt, new Date(now.getTime() - SWEEP_MIN_AGE_MS)),
                or(isNull(domainEvents.lockedUntil), lte(domainEvents.lockedUntil, now)),
              ),
            )
            .orderBy(asc(domainEvents.createdAt))
            .limit(100)
        ).map((r) => r.id);
      let delivered = 0;
      for (const id of targets) if (await deliverOne(id)) delivered++;
      return delivered;
    },

    async registerWorkers({ recurring }) {
      // The sweep recurs through jobs.every; a delivery queued by `publish` (with its ids) runs once.
      await jobs.every<DeliverData>(
        deliverEventsJob,
        SWEEP_INTERVAL_MS,
        async (data) => {
          const n = await bus.deliver(data.ids);
          if (n > 0) logger.debug({ count: n }, 'events: delivered');
          // Delivered events are kept a week to explain what happened, then go with their markers.
          if (data.recurring)
            await db
              .delete(domainEvents)
              .where(lte(domainEvents.deliveredAt, new Date(Date.now() - KEEP_DELIVERED_MS)));
        },
        { recurring },
      );
    },
  };
  return bus;
}

/** What a producer needs: transactions whose events are recorded and published. */
export type EventProducer = Pick<EventBus, 'transaction'>;

/** For a service built without a bus (tests of one service): a plain transaction, its events dropped. */
export const withoutEvents: EventProducer = {
  transaction: (on, work) => on.transaction((tx) => work(tx as unknown as Db, async () => {})),
};

export type { DomainEvent, DomainEvents, EventType } from './types.ts';
