import { type ConciergeLanguage, localized } from '@posada/domain/concierge';
import { and, desc, eq, gte } from 'drizzle-orm';
import { botChats, botMessages, botQuestions } from '../../db/schema/concierge.ts';
import type { ChatsService } from './chats.service.ts';
import type { ConciergeDeps } from './concierge.deps.ts';
import { normaliseQuestion } from './engine/normalise.ts';

/** Guests who asked within this many days get the operator's later answer. */
export const FOLLOW_UP_DAYS = 7;

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * A guest's pending question answered by the operator later (docs/concierge.md, Answering): each guest who
 * asked it at the property in the last 7 days gets the answer in their chat, in their language; inside the
 * 24-hour window as text, outside it as the approved WHATSAPP_BOT_TEMPLATE ({{1}} first name, {{2}} the
 * answer) when the account has it, else not at all (logged). Once per chat and question.
 */
export function createFollowUp(deps: ConciergeDeps, chats: ChatsService) {
  const { db } = deps;

  async function sendTo(chat: typeof botChats.$inferSelect, questionId: string, text: string) {
    const language = chat.language as ConciergeLanguage;
    const base = {
      accountId: chat.accountId,
      kind: 'concierge_reply',
      to: { threadId: chat.threadId },
      authorUserId: null,
    } as const;
    let sent: Awaited<ReturnType<ReturnType<ConciergeDeps['inbox']>['send']>>;
    try {
      sent = await deps.inbox().send({ ...base, content: { type: 'text', body: text } });
    } catch (err) {
      if ((err as { code?: string }).code !== 'inbox.window_closed') throw err;
      const template = await deps.whatsapp()?.approvedTemplate(chat.accountId, deps.botTemplate, language);
      if (!template) {
        deps.logger.info({ chat: chat.id }, 'concierge: window closed and no bot template; the answer waits');
        return;
      }
      sent = await deps.inbox().send({
        ...base,
        content: {
          type: 'template',
          name: template.name,
          language: template.language,
          bodyParams: [firstName(chat.guestName) || '—', text.replace(/\s+/g, ' ')],
        },
      });
    }
    await chats.addLine(chat, {
      role: 'bot',
      content: text,
      inboxMessageId: sent.id,
      outcome: 'answered',
      source: questionId,
      rule: 'answered later by the operator',
    });
    await chats.notify(chat.accountId, chat.propertyId, chat.id);
  }

  return {
    /** Sends a newly answered guest question to the guests who asked it; answers how many were written to. */
    async answerAskers(accountId: string, propertyId: string, questionId: string): Promise<number> {
      const [question] = await db
        .select()
        .from(botQuestions)
        .where(and(eq(botQuestions.accountId, accountId), eq(botQuestions.id, questionId)));
      if (!question?.askedKey || question.status !== 'answered') return 0;
      const since = new Date(deps.clock.now().getTime() - FOLLOW_UP_DAYS * 86_400_000);
      const asked = await db
        .select({ chat: botChats, content: botMessages.content })
        .from(botMessages)
        .innerJoin(botChats, eq(botChats.id, botMessages.chatId))
        .where(
          and(
            eq(botMessages.accountId, accountId),
            eq(botChats.propertyId, propertyId),
            eq(botMessages.role, 'guest'),
            gte(botMessages.createdAt, since),
          ),
        )
        .orderBy(desc(botMessages.createdAt));
      const done = new Set<string>();
      for (const { chat, content } of asked) {
        if (done.has(chat.id)) continue;
        if (normaliseQuestion(content, chat.language as ConciergeLanguage) !== question.askedKey) continue;
        done.add(chat.id);
        const lines = await chats.repo.lines(accountId, chat.id);
        if (lines.some((l) => l.role === 'bot' && l.source === questionId)) continue;
        const text = localized(question.answer, chat.language as ConciergeLanguage);
        if (!text) continue;
        try {
          await sendTo(chat, questionId, text);
        } catch (err) {
          deps.logger.warn({ err, chat: chat.id }, 'concierge: the later answer was not sent');
          done.delete(chat.id);
        }
      }
      return done.size;
    },
  };
}
