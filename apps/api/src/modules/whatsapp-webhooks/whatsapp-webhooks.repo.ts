import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappWebhookEvents } from '../../db/schema/messaging.ts';

export type StoredDelivery = typeof whatsappWebhookEvents.$inferSelect;

/** whatsapp_webhook_events (owned here): each verified delivery once, by the hash of its raw body. */
export function createWhatsAppWebhooksRepo(db: Db) {
  return {
    /** Stores a batch in one statement; answers the ids that were new (the others were stored before). */
    async insertMany(rows: { id: string; payload: unknown; receivedAt: Date }[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const inserted = await db
        .insert(whatsappWebhookEvents)
        .values(rows.map((r) => ({ id: r.id, payload: r.payload, receivedAt: r.receivedAt })))
        .onConflictDoNothing({ target: whatsappWebhookEvents.id })
        .returning({ id: whatsappWebhookEvents.id });
      return new Set(inserted.map((r) => r.id));
    },

    async read(id: string): Promise<StoredDelivery | null> {
      const [row] = await db.select().from(whatsappWebhookEvents).where(eq(whatsappWebhookEvents.id, id));
      return row ?? null;
    },

    async markProcessed(id: string, at: Date): Promise<void> {
      await db.update(whatsappWebhookEvents).set({ processedAt: at }).where(eq(whatsappWebhookEvents.id, id));
    },

    /** Deliveries a crash or a failure left unprocessed, received between `since` and `before`, oldest first. */
    async pending(before: Date, since: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: whatsappWebhookEvents.id })
        .from(whatsappWebhookEvents)
        .where(
          and(
            isNull(whatsappWebhookEvents.processedAt),
            lte(whatsappWebhookEvents.receivedAt, before),
            gte(whatsappWebhookEvents.receivedAt, since),
          ),
        )
        .orderBy(asc(whatsappWebhookEvents.receivedAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
