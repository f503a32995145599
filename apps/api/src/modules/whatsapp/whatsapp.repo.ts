import { isHotelType } from '@posada/domain/property-types';
import type { TemplateComponents } from '@posada/domain/whatsapp-templates';
import { and, asc, count, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  messageTemplates,
  type TemplateKind,
  type TemplateStatus,
  whatsappAccounts,
} from '../../db/schema/messaging.ts';
import { properties } from '../../db/schema/properties.ts';
import { rooms } from '../../db/schema/rooms.ts';

export type WhatsAppAccountRow = typeof whatsappAccounts.$inferSelect;
export type NewWhatsAppAccountRow = typeof whatsappAccounts.$inferInsert;
export type TemplateRow = typeof messageTemplates.$inferSelect;

/**
 * Drizzle queries of whatsapp_accounts and message_templates (only this module writes them), and the reads
 * it is granted: the account's properties and rooms (its places: spec 9, the shared number up to 50).
 */
export function createWhatsAppRepo({ db }: { db: Db }) {
  return {
    async findByAccount(accountId: string): Promise<WhatsAppAccountRow | null> {
      const [row] = await db
        .select()
        .from(whatsappAccounts)
        .where(eq(whatsappAccounts.accountId, accountId))
        .limit(1);
      return row ?? null;
    },

    /** The connected own number with this phone_number_id (webhook routing). */
    async findConnectedOwnByPhone(phoneNumberId: string): Promise<WhatsAppAccountRow | null> {
      const [row] = await db
        .select()
        .from(whatsappAccounts)
        .where(
          and(
            eq(whatsappAccounts.phoneNumberId, phoneNumberId),
            eq(whatsappAccounts.mode, 'own'),
            eq(whatsappAccounts.status, 'connected'),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Connected own numbers of a WABA (Meta's account-level webhooks carry the WABA id). */
    listConnectedOwnByWaba: (wabaId: string): Promise<WhatsAppAccountRow[]> =>
      db
        .select()
        .from(whatsappAccounts)
        .where(
          and(
            eq(whatsappAccounts.wabaId, wabaId),
            eq(whatsappAccounts.mode, 'own'),
            eq(whatsappAccounts.status, 'connected'),
          ),
        ),

    /** Inserts the account's row or replaces it (one row per account). */
    async upsert(values: NewWhatsAppAccountRow & { id: string }): Promise<WhatsAppAccountRow> {
      const { id: _id, accountId: _accountId, ...rest } = values;
      const [row] = await db
        .insert(whatsappAccounts)
        .values(values)
        .onConflictDoUpdate({ target: whatsappAccounts.accountId, set: rest })
        .returning();
      if (!row) throw new Error('whatsapp: the account row was not written');
      return row;
    },

    async update(id: string, values: Partial<NewWhatsAppAccountRow>): Promise<void> {
      await db.update(whatsappAccounts).set(values).where(eq(whatsappAccounts.id, id));
    },

    /** Places (spec 9): apartments and villas count one each, hotels and campings by room (at least one). */
    async countPlaces(accountId: string): Promise<number> {
      const props = await db
        .select({ id: properties.id, type: properties.tipoPropiedad })
        .from(properties)
        .where(eq(properties.accountId, accountId));
      const hotels = props.filter((p) => isHotelType(p.type)).map((p) => p.id);
      const roomCounts = hotels.length
        ? await db
            .select({ propertyId: rooms.propertyId, n: count() })
            .from(rooms)
            .where(and(eq(rooms.accountId, accountId), inArray(rooms.propertyId, hotels)))
            .groupBy(rooms.propertyId)
        : [];
      const byProperty = new Map(roomCounts.map((r) => [r.propertyId, Number(r.n)]));
      return props.reduce(
        (sum, p) => sum + (isHotelType(p.type) ? Math.max(1, byProperty.get(p.id) ?? 0) : 1),
        0,
      );
    },

    listTemplates: (accountId: string, kind: TemplateKind): Promise<TemplateRow[]> =>
      db
        .select()
        .from(messageTemplates)
        .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.kind, kind)))
        .orderBy(asc(messageTemplates.name), asc(messageTemplates.language)),

    async findTemplate(accountId: string, kind: TemplateKind, id: string): Promise<TemplateRow | null> {
      const [row] = await db
        .select()
        .from(messageTemplates)
        .where(
          and(
            eq(messageTemplates.accountId, accountId),
            eq(messageTemplates.kind, kind),
            eq(messageTemplates.id, id),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async findApproved(accountId: string, name: string, language: string): Promise<TemplateRow | null> {
      const [row] = await db
        .select()
        .from(messageTemplates)
        .where(
          and(
            eq(messageTemplates.accountId, accountId),
            eq(messageTemplates.kind, 'whatsapp'),
            eq(messageTemplates.name, name),
            eq(messageTemplates.language, language),
            eq(messageTemplates.status, 'approved'),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The account's WhatsApp templates of these names, any status (settings readiness). */
    templatesNamed: (accountId: string, names: string[]): Promise<TemplateRow[]> =>
      names.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(messageTemplates)
            .where(
              and(
                eq(messageTemplates.accountId, accountId),
                eq(messageTemplates.kind, 'whatsapp'),
                inArray(messageTemplates.name, names),
              ),
            )
            .orderBy(asc(messageTemplates.name), asc(messageTemplates.language)),

    /** Whether the account has any synced WhatsApp template. */
    async hasWhatsAppTemplates(accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: messageTemplates.id })
        .from(messageTemplates)
        .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.kind, 'whatsapp')))
        .limit(1);
      return !!row;
    },

    /** The account's WhatsApp templates become exactly `items` (inserted, updated, the others removed). */
    async replaceWhatsAppTemplates(
      accountId: string,
      items: {
        name: string;
        language: string;
        category: string;
        body: string;
        status: TemplateStatus;
        parameterFormat: 'POSITIONAL' | 'NAMED';
        components: TemplateComponents;
      }[],
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        for (const item of items) {
          await tx
            .insert(messageTemplates)
            .values({ accountId, kind: 'whatsapp', ...item, createdAt: now, updatedAt: now })
            .onConflictDoUpdate({
              target: [
                messageTemplates.accountId,
                messageTemplates.kind,
                messageTemplates.name,
                messageTemplates.language,
              ],
              set: {
                category: item.category,
                body: item.body,
                status: item.status,
                parameterFormat: item.parameterFormat,
                components: item.components,
                updatedAt: now,
              },
            });
        }
        const keep = items.map((i) => `${i.name}\u0000${i.language}`);
        const existing = await tx
          .select({
            id: messageTemplates.id,
            name: messageTemplates.name,
            language: messageTemplates.language,
          })
          .from(messageTemplates)
          .where(and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.kind, 'whatsapp')));
        const gone = existing.filter((e) => !keep.includes(`${e.name}\u0000${e.language}`)).map((e) => e.id);
        if (gone.length) {
          await tx
            .delete(messageTemplates)
            .where(and(eq(messageTemplates.accountId, accountId), inArray(messageTemplates.id, gone)));
        }
      });
    },

    /** A template's status or category changed at Meta (webhook), for every account holding that template. */
    async setTemplateState(
      accountIds: string[],
      name: string,
      language: string | null,
      change: { status?: TemplateStatus; category?: string },
      now: Date,
    ): Promise<void> {
      if (!accountIds.length || (change.status === undefined && change.category === undefined)) return;
      await db
        .update(messageTemplates)
        .set({
          ...(change.status !== undefined ? { status: change.status } : {}),
          ...(change.category !== undefined ? { category: change.category } : {}),
          updatedAt: now,
        })
        .where(
          and(
            inArray(messageTemplates.accountId, accountIds),
            eq(messageTemplates.kind, 'whatsapp'),
            eq(messageTemplates.name, name),
            language ? eq(messageTemplates.language, language) : undefined,
          ),
        );
    },

    async insertQuickReply(
      accountId: string,
      values: { name: string; body: string; language: string },
      now: Date,
    ): Promise<TemplateRow> {
      const [row] = await db
        .insert(messageTemplates)
        .values({
          accountId,
          kind: 'quick_reply',
          ...values,
          status: 'approved',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('whatsapp: the quick reply was not written');
      return row;
    },

    async updateQuickReply(
      accountId: string,
      id: string,
      values: { name: string; body: string; language: string },
      now: Date,
    ): Promise<TemplateRow | null> {
      const [row] = await db
        .update(messageTemplates)
        .set({ ...values, updatedAt: now })
        .where(
          and(
            eq(messageTemplates.accountId, accountId),
            eq(messageTemplates.kind, 'quick_reply'),
            eq(messageTemplates.id, id),
          ),
        )
        .returning();
      return row ?? null;
    },

    async deleteQuickReply(accountId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(messageTemplates)
        .where(
          and(
            eq(messageTemplates.accountId, accountId),
            eq(messageTemplates.kind, 'quick_reply'),
            eq(messageTemplates.id, id),
          ),
        )
        .returning({ id: messageTemplates.id });
      return rows.length > 0;
    },

    /**
     * Accounts whose WhatsApp templates are the shared number's WABA's: synced templates and no own number
     * (no whatsapp_accounts row, or mode shared). Template webhooks of the shared WABA reach them.
     */
    async accountsOnSharedTemplates(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ accountId: messageTemplates.accountId })
        .from(messageTemplates)
        .leftJoin(whatsappAccounts, eq(whatsappAccounts.accountId, messageTemplates.accountId))
        .where(
          and(
            eq(messageTemplates.kind, 'whatsapp'),
            or(isNull(whatsappAccounts.id), eq(whatsappAccounts.mode, 'shared')),
          ),
        );
      return rows.map((r) => r.accountId);
    },

    /** Accounts (other than `except`) with rows of the shared number: template status updates of its WABA. */
    async sharedAccountIds(): Promise<string[]> {
      const rows = await db
        .select({ accountId: whatsappAccounts.accountId })
        .from(whatsappAccounts)
        .where(
          and(eq(whatsappAccounts.mode, 'shared'), notInArray(whatsappAccounts.status, ['disconnected'])),
        );
      return rows.map((r) => r.accountId);
    },
  };
}

export type WhatsAppRepo = ReturnType<typeof createWhatsAppRepo>;
