import type { ConciergeLanguage, LocalizedAnswer } from '@posada/domain/concierge';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { botQuestions, botSettings } from '../../db/schema/concierge.ts';
import { properties } from '../../db/schema/properties.ts';

export type BotQuestionRow = typeof botQuestions.$inferSelect;
export type BotSettingsRow = typeof botSettings.$inferSelect;

/** Drizzle queries of the concierge's knowledge admin (bot_questions, bot_settings) and the property it sits on. */
export function createQuestionsRepo({ db }: { db: Db }) {
  const ofProperty = (accountId: string, propertyId: string) =>
    and(eq(botQuestions.accountId, accountId), eq(botQuestions.propertyId, propertyId));

  return {
    /** The caller's property with what the status and the settings read (its account's plan, the bot flag). */
    async ownedProperty(accountId: string, propertyId: string) {
      const [row] = await db
        .select({
          id: properties.id,
          currency: properties.currency,
          botGpt: properties.botGpt,
          plan: accounts.plan,
          statusSubscription: accounts.statusSubscription,
        })
        .from(properties)
        .innerJoin(accounts, eq(accounts.id, properties.accountId))
        .where(and(eq(properties.id, propertyId), eq(properties.accountId, accountId)));
      return row ?? null;
    },

    /** Locks the property row until the transaction ends (one writer at a time counts its questions). */
    async lockProperty(accountId: string, propertyId: string): Promise<boolean> {
      const rows = await db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.id, propertyId), eq(properties.accountId, accountId)))
        .for('update');
      return rows.length > 0;
    },

    /** Answered first (last edited first), then pending (most asked first). */
    async list(accountId: string, propertyId: string, status?: 'answered' | 'pending') {
      return db
        .select()
        .from(botQuestions)
        .where(and(ofProperty(accountId, propertyId), status ? eq(botQuestions.status, status) : undefined))
        .orderBy(
          sql`case when ${botQuestions.status} = 'answered' then 0 else 1 end`,
          sql`case when ${botQuestions.status} = 'answered' then ${botQuestions.updatedAt} end desc nulls last`,
          desc(botQuestions.askedCount),
          sql`${botQuestions.lastAskedAt} desc nulls last`,
          desc(botQuestions.createdAt),
          botQuestions.id,
        );
    },

    async counts(accountId: string, propertyId: string): Promise<{ answered: number; pending: number }> {
      const rows = await db
        .select({ status: botQuestions.status, n: count() })
        .from(botQuestions)
        .where(ofProperty(accountId, propertyId))
        .groupBy(botQuestions.status);
      const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
      return { answered: of('answered'), pending: of('pending') };
    },

    async total(accountId: string, propertyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(botQuestions)
        .where(ofProperty(accountId, propertyId));
      return Number(row?.n ?? 0);
    },

    async find(accountId: string, propertyId: string, id: string): Promise<BotQuestionRow | null> {
      const [row] = await db
        .select()
        .from(botQuestions)
        .where(and(ofProperty(accountId, propertyId), eq(botQuestions.id, id)));
      return row ?? null;
    },

    async insert(row: typeof botQuestions.$inferInsert): Promise<string> {
      const [inserted] = await db.insert(botQuestions).values(row).returning({ id: botQuestions.id });
      return inserted?.id ?? '';
    },

    async update(
      accountId: string,
      propertyId: string,
      id: string,
      set: Partial<typeof botQuestions.$inferInsert>,
    ): Promise<boolean> {
      const rows = await db
        .update(botQuestions)
        .set(set)
        .where(and(ofProperty(accountId, propertyId), eq(botQuestions.id, id)))
        .returning({ id: botQuestions.id });
      return rows.length > 0;
    },

    /** Deletes the question; answers its image file (to remove from storage), or undefined when not found. */
    async remove(accountId: string, propertyId: string, id: string): Promise<string | null | undefined> {
      const [row] = await db
        .delete(botQuestions)
        .where(and(ofProperty(accountId, propertyId), eq(botQuestions.id, id)))
        .returning({ imageFile: botQuestions.imageFile });
      return row ? row.imageFile : undefined;
    },

    /**
     * A guest's question the bot could not answer: one row per normalised text (`asked_key`, the partial
     * unique index bot_questions_asked_idx), a repeat counts instead of adding a row. With `insert` false
     * (the property is full) only an existing row is counted.
     */
    async upsertPending(input: {
      accountId: string;
      propertyId: string;
      askedKey: string;
      language: ConciergeLanguage;
      text: string;
      at: Date;
      insert: boolean;
    }): Promise<string | null> {
      if (!input.insert) {
        const [row] = await db
          .update(botQuestions)
          .set({ askedCount: sql`${botQuestions.askedCount} + 1`, lastAskedAt: input.at })
          .where(
            and(ofProperty(input.accountId, input.propertyId), eq(botQuestions.askedKey, input.askedKey)),
          )
          .returning({ id: botQuestions.id });
        return row?.id ?? null;
      }
      const question: LocalizedAnswer = { es: '', en: '', ar: '' };
      question[input.language] = input.text;
      const [row] = await db
        .insert(botQuestions)
        .values({
          accountId: input.accountId,
          propertyId: input.propertyId,
          question,
          answer: { es: '', en: '', ar: '' },
          status: 'pending',
          source: 'guest',
          askedKey: input.askedKey,
          askedCount: 1,
          lastAskedAt: input.at,
          createdAt: input.at,
          updatedAt: input.at,
        })
        .onConflictDoUpdate({
          target: [botQuestions.propertyId, botQuestions.askedKey],
          targetWhere: sql`${botQuestions.askedKey} is not null`,
          set: { askedCount: sql`${botQuestions.askedCount} + 1`, lastAskedAt: input.at },
        })
        .returning({ id: botQuestions.id });
      return row?.id ?? null;
    },

    async settings(accountId: string, propertyId: string): Promise<BotSettingsRow | null> {
      const [row] = await db
        .select()
        .from(botSettings)
        .where(and(eq(botSettings.accountId, accountId), eq(botSettings.propertyId, propertyId)));
      return row ?? null;
    },

    async saveSettings(row: typeof botSettings.$inferInsert): Promise<void> {
      const { propertyId: _p, accountId: _a, ...set } = row;
      await db.insert(botSettings).values(row).onConflictDoUpdate({ target: botSettings.propertyId, set });
    },
  };
}
