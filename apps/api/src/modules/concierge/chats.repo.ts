import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { botChats, botMessages, botQuestions, botSettings } from '../../db/schema/concierge.ts';
import { services } from '../../db/schema/experiences.ts';
import { inboxMessages, inboxThreads } from '../../db/schema/messaging.ts';
import { properties } from '../../db/schema/properties.ts';

export type BotChatRow = typeof botChats.$inferSelect;
export type BotMessageRow = typeof botMessages.$inferSelect;
export type BotSettingsRow = typeof botSettings.$inferSelect;
export type NewBotMessage = typeof botMessages.$inferInsert;

/**
 * Queries of the bot chats and their lines (bot_chats, bot_messages, owned by the concierge), and the reads
 * the concierge is granted: the inbox thread and message, the stay (booking, check-in), the property and
 * the account's plan, the property's bot settings and a store service.
 */
export function createChatsRepo(db: Db) {
  return {
    async thread(accountId: string, id: string) {
      const [row] = await db
        .select({
          id: inboxThreads.id,
          accountId: inboxThreads.accountId,
          propertyId: inboxThreads.propertyId,
          bookingId: inboxThreads.bookingId,
          checkinId: inboxThreads.checkinId,
          phone: inboxThreads.phone,
          guestName: inboxThreads.guestName,
        })
        .from(inboxThreads)
        .where(and(eq(inboxThreads.accountId, accountId), eq(inboxThreads.id, id)));
      return row ?? null;
    },

    async message(accountId: string, id: string) {
      const [row] = await db
        .select({
          id: inboxMessages.id,
          threadId: inboxMessages.threadId,
          channel: inboxMessages.channel,
          direction: inboxMessages.direction,
          type: inboxMessages.type,
          body: inboxMessages.body,
          authorUserId: inboxMessages.authorUserId,
          sentAt: inboxMessages.sentAt,
        })
        .from(inboxMessages)
        .where(and(eq(inboxMessages.accountId, accountId), eq(inboxMessages.id, id)));
      return row ?? null;
    },

    async checkin(accountId: string, id: string) {
      const [row] = await db
        .select({
          id: checkins.id,
          propertyId: checkins.propertyId,
          bookingId: checkins.bookingId,
          status: checkins.status,
          language: checkins.language,
          name: checkins.name,
          startDate: checkins.startDate,
          endDate: checkins.endDate,
        })
        .from(checkins)
        .where(and(eq(checkins.accountId, accountId), eq(checkins.id, id)));
      return row ?? null;
    },

    async checkinOfBooking(accountId: string, bookingId: string) {
      const [row] = await db
        .select({ id: checkins.id })
        .from(checkins)
        .where(and(eq(checkins.accountId, accountId), eq(checkins.bookingId, bookingId)));
      return row?.id ?? null;
    },

    async booking(accountId: string, id: string) {
      const [row] = await db
        .select({
          id: bookings.id,
          propertyId: bookings.propertyId,
          startDate: bookings.startDate,
          endDate: bookings.endDate,
          roomIds: bookings.roomIds,
          status: bookings.status,
        })
        .from(bookings)
        .where(and(eq(bookings.accountId, accountId), eq(bookings.id, id)));
      return row ?? null;
    },

    /** Other stays of the property arriving (`startDate`) or leaving (`endDate`) on a day, not cancelled. */
    async staysOn(
      accountId: string,
      propertyId: string,
      on: 'startDate' | 'endDate',
      day: string,
      not: string,
    ) {
      return db
        .select({ id: bookings.id, roomIds: bookings.roomIds })
        .from(bookings)
        .where(
          and(
            eq(bookings.accountId, accountId),
            eq(bookings.propertyId, propertyId),
            eq(bookings[on], day),
            ne(bookings.id, not),
            ne(bookings.status, 'cancelled'),
          ),
        );
    },

    /** The property, its bot flag and the account's plan (spec 5). */
    async property(accountId: string, id: string) {
      const [row] = await db
        .select({
          id: properties.id,
          name: properties.nombre,
          botGpt: properties.botGpt,
          timeZone: properties.timeZone,
          currency: properties.currency,
          plan: accounts.plan,
          statusSubscription: accounts.statusSubscription,
        })
        .from(properties)
        .innerJoin(accounts, eq(accounts.id, properties.accountId))
        .where(and(eq(properties.accountId, accountId), eq(properties.id, id)));
      return row ?? null;
    },

    async settings(accountId: string, propertyId: string): Promise<BotSettingsRow | null> {
      const [row] = await db
        .select()
        .from(botSettings)
        .where(and(eq(botSettings.accountId, accountId), eq(botSettings.propertyId, propertyId)));
      return row ?? null;
    },

    async service(accountId: string, id: string) {
      const [row] = await db
        .select({
          id: services.id,
          propertyId: services.propertyId,
          name: services.name,
          title: services.title,
          price: services.price,
          currency: services.currency,
          active: services.active,
        })
        .from(services)
        .where(and(eq(services.accountId, accountId), eq(services.id, id)));
      return row ?? null;
    },

    async chatByThread(accountId: string, threadId: string): Promise<BotChatRow | null> {
      const [row] = await db
        .select()
        .from(botChats)
        .where(and(eq(botChats.accountId, accountId), eq(botChats.threadId, threadId)));
      return row ?? null;
    },

    async chatById(accountId: string, id: string): Promise<BotChatRow | null> {
      const [row] = await db
        .select()
        .from(botChats)
        .where(and(eq(botChats.accountId, accountId), eq(botChats.id, id)));
      return row ?? null;
    },

    /** One chat per thread: opened on the first message, its contact and stay refreshed on each. */
    async upsertChat(values: typeof botChats.$inferInsert): Promise<BotChatRow> {
      const { accountId: _a, threadId: _t, createdAt: _c, pausedAt: _p, ...changes } = values;
      const [row] = await db
        .insert(botChats)
        .values(values)
        .onConflictDoUpdate({ target: botChats.threadId, set: changes })
        .returning();
      if (!row) throw new Error('concierge: the bot chat was not written');
      return row;
    },

    async updateChat(accountId: string, id: string, values: Partial<typeof botChats.$inferInsert>) {
      const [row] = await db
        .update(botChats)
        .set(values)
        .where(and(eq(botChats.accountId, accountId), eq(botChats.id, id)))
        .returning();
      return row ?? null;
    },

    /** A line, strictly after the chat's last one (lines written in the same millisecond keep their order). */
    async insertLine(values: NewBotMessage & { createdAt: Date }): Promise<BotMessageRow> {
      const after = sql`(select max(${botMessages.createdAt}) + interval '1 millisecond' from ${botMessages} where ${botMessages.chatId} = ${values.chatId})`;
      const [row] = await db
        .insert(botMessages)
        .values({
          ...values,
          createdAt: sql`greatest(${values.createdAt.toISOString()}::timestamptz, ${after})`,
        })
        .returning();
      if (!row) throw new Error('concierge: the bot line was not written');
      return row;
    },

    async lineOfInboxMessage(accountId: string, inboxMessageId: string) {
      const [row] = await db
        .select({ id: botMessages.id })
        .from(botMessages)
        .where(and(eq(botMessages.accountId, accountId), eq(botMessages.inboxMessageId, inboxMessageId)));
      return row ?? null;
    },

    async hasBotLine(accountId: string, chatId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: botMessages.id })
        .from(botMessages)
        .where(
          and(
            eq(botMessages.accountId, accountId),
            eq(botMessages.chatId, chatId),
            eq(botMessages.role, 'bot'),
          ),
        )
        .limit(1);
      return !!row;
    },

    async lines(accountId: string, chatId: string): Promise<BotMessageRow[]> {
      return db
        .select()
        .from(botMessages)
        .where(and(eq(botMessages.accountId, accountId), eq(botMessages.chatId, chatId)))
        .orderBy(asc(botMessages.createdAt), asc(botMessages.id));
    },

    /** The last guest and bot lines (the LLM engine's history), oldest first. */
    async history(accountId: string, chatId: string, limit: number) {
      const rows = await db
        .select({ role: botMessages.role, content: botMessages.content })
        .from(botMessages)
        .where(
          and(
            eq(botMessages.accountId, accountId),
            eq(botMessages.chatId, chatId),
            inArray(botMessages.role, ['guest', 'bot']),
          ),
        )
        .orderBy(desc(botMessages.createdAt))
        .limit(limit);
      return rows.reverse() as { role: 'guest' | 'bot'; content: string }[];
    },

    async chatsOfProperty(accountId: string, propertyId: string): Promise<BotChatRow[]> {
      return db
        .select()
        .from(botChats)
        .where(and(eq(botChats.accountId, accountId), eq(botChats.propertyId, propertyId)))
        .orderBy(desc(botChats.lastMessageAt), desc(botChats.id));
    },

    /** Each chat's last line that is not the guest's (bot, action or operator): what needs_attention reads. */
    async lastAnswers(accountId: string, chatIds: string[]) {
      if (chatIds.length === 0) return [];
      return db
        .selectDistinctOn([botMessages.chatId], {
          chatId: botMessages.chatId,
          role: botMessages.role,
          outcome: botMessages.outcome,
          action: botMessages.action,
        })
        .from(botMessages)
        .where(
          and(
            eq(botMessages.accountId, accountId),
            inArray(botMessages.chatId, chatIds),
            ne(botMessages.role, 'guest'),
          ),
        )
        .orderBy(botMessages.chatId, desc(botMessages.createdAt), desc(sql`${botMessages.role} = 'bot'`));
    },

    async unread(accountId: string, propertyId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(botChats)
        .where(
          and(
            eq(botChats.accountId, accountId),
            eq(botChats.propertyId, propertyId),
            eq(botChats.hasNewMessage, true),
          ),
        );
      return Number(row?.n ?? 0);
    },

    async markRead(
      accountId: string,
      propertyId: string,
      which: { checkinId?: string; chatId?: string } | null,
    ): Promise<number> {
      const rows = await db
        .update(botChats)
        .set({ hasNewMessage: false })
        .where(
          and(
            eq(botChats.accountId, accountId),
            eq(botChats.propertyId, propertyId),
            eq(botChats.hasNewMessage, true),
            which?.chatId ? eq(botChats.id, which.chatId) : undefined,
            which?.checkinId ? eq(botChats.checkinId, which.checkinId) : undefined,
            which?.checkinId ? isNotNull(botChats.checkinId) : undefined,
          ),
        )
        .returning({ id: botChats.id });
      return rows.length;
    },

    /** The images of the questions an answer came from (the viewer shows what was sent). */
    async questionImages(accountId: string, ids: string[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: botQuestions.id, imageFile: botQuestions.imageFile })
        .from(botQuestions)
        .where(and(eq(botQuestions.accountId, accountId), inArray(botQuestions.id, [...new Set(ids)])));
      return rows.flatMap((r) => (r.imageFile ? [{ id: r.id, imageFile: r.imageFile }] : []));
    },

    async ownsProperty(accountId: string, propertyId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.id, propertyId)));
      return !!row;
    },
  };
}

export type ChatsRepo = ReturnType<typeof createChatsRepo>;
