import type { BotQuestion, BotQuestionBody, BotQuestionList } from '@posada/contracts/concierge';
import {
  BOT_QUESTION_MAX,
  BOT_QUESTIONS_MAX,
  type BotQuestionStatus,
  type ConciergeLanguage,
  type LocalizedAnswer,
} from '@posada/domain/concierge';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { fileUrl } from '../files/files.service.ts';
import type { ConciergeDeps } from './concierge.deps.ts';
import { conciergeErrors } from './concierge.errors.ts';
import { normaliseQuestion } from './engine/normalise.ts';
import { type BotQuestionRow, createQuestionsRepo } from './questions.repo.ts';

export type QuestionsService = ReturnType<typeof createQuestionsService>;

/** The answer's image: what the WhatsApp Cloud API takes as an image (5 MB); JPEG, PNG or GIF that decodes. */
export const BOT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const blank = (): LocalizedAnswer => ({ es: '', en: '', ar: '' });
const trimmed = (t: Partial<LocalizedAnswer> | undefined): LocalizedAnswer => ({
  es: t?.es?.trim() ?? '',
  en: t?.en?.trim() ?? '',
  ar: t?.ar?.trim() ?? '',
});
/** spec 4 Chatbot question: answered as soon as one language of the answer is written, else pending. */
export const statusOf = (answer: LocalizedAnswer): BotQuestionStatus =>
  answer.es || answer.en || answer.ar ? 'answered' : 'pending';

const toQuestion = (r: BotQuestionRow): BotQuestion => ({
  id: r.id,
  property_id: r.propertyId,
  question: { ...blank(), ...r.question },
  answer: { ...blank(), ...r.answer },
  image_url: r.imageFile ? fileUrl(r.imageFile) : null,
  status: r.status,
  source: r.source,
  asked_count: r.askedCount,
  last_asked_at: r.lastAskedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((tx) => work(tx as unknown as Db));

/**
 * The questions-and-answers editor per property (spec 2.4 Bot, spec 3 Bot question, docs/concierge.md
 * "Knowledge admin API") and the pending questions guests raise when the bot escalates. Empresa; a
 * property or question of another account is 404.
 */
export function createQuestionsService(deps: ConciergeDeps) {
  const repo = createQuestionsRepo({ db: deps.db });

  async function ownedProperty(tenant: Tenant, propertyId: string) {
    const row = isUuid(propertyId) ? await repo.ownedProperty(tenant.accountId, propertyId) : null;
    if (!row) throw conciergeErrors.propertyNotFound();
    return row;
  }

  async function find(tenant: Tenant, propertyId: string, id: string): Promise<BotQuestionRow> {
    await ownedProperty(tenant, propertyId);
    const row = isUuid(id) ? await repo.find(tenant.accountId, propertyId, id) : null;
    if (!row) throw conciergeErrors.questionNotFound();
    return row;
  }

  return {
    async list(tenant: Tenant, propertyId: string, status?: BotQuestionStatus): Promise<BotQuestionList> {
      await ownedProperty(tenant, propertyId);
      const rows = await repo.list(tenant.accountId, propertyId, status);
      return { items: rows.map(toQuestion), ...(await repo.counts(tenant.accountId, propertyId)) };
    },

    /** Answered and pending counts (the status page). */
    async counts(accountId: string, propertyId: string) {
      return repo.counts(accountId, propertyId);
    },

    async get(tenant: Tenant, propertyId: string, id: string): Promise<BotQuestion> {
      return toQuestion(await find(tenant, propertyId, id));
    },

    /** An operator's question; answered when one language of the answer is written. */
    async create(tenant: Tenant, propertyId: string, body: BotQuestionBody): Promise<BotQuestion> {
      await ownedProperty(tenant, propertyId);
      const answer = trimmed(body.answer);
      const now = deps.clock.now();
      const id = await inTransaction(deps.db, async (tx) => {
        const txRepo = createQuestionsRepo({ db: tx });
        // Locked so two creations at once cannot pass the limit.
        if (!(await txRepo.lockProperty(tenant.accountId, propertyId)))
          throw conciergeErrors.propertyNotFound();
        if ((await txRepo.total(tenant.accountId, propertyId)) >= BOT_QUESTIONS_MAX)
          throw conciergeErrors.tooManyQuestions();
        return txRepo.insert({
          accountId: tenant.accountId,
          propertyId,
          question: trimmed(body.question),
          answer,
          status: statusOf(answer),
          source: 'operator',
          createdAt: now,
          updatedAt: now,
        });
      });
      return toQuestion(await find(tenant, propertyId, id));
    },

    /** The question and its answer; a guest's pending question becomes answered once an answer is written. */
    async update(
      tenant: Tenant,
      propertyId: string,
      id: string,
      body: BotQuestionBody,
    ): Promise<BotQuestion> {
      await find(tenant, propertyId, id);
      const answer = trimmed(body.answer);
      await repo.update(tenant.accountId, propertyId, id, {
        question: trimmed(body.question),
        answer,
        status: statusOf(answer),
        updatedAt: deps.clock.now(),
      });
      return toQuestion(await find(tenant, propertyId, id));
    },

    /** The question and its image file. */
    async remove(tenant: Tenant, propertyId: string, id: string): Promise<void> {
      await ownedProperty(tenant, propertyId);
      const image = isUuid(id) ? await repo.remove(tenant.accountId, propertyId, id) : undefined;
      if (image === undefined) throw conciergeErrors.questionNotFound();
      await deps.files.remove([image]);
    },

    /** Before an image's bytes are read: the caller's property and question. */
    async assertImageTarget(tenant: Tenant, propertyId: string, id: string): Promise<void> {
      await find(tenant, propertyId, id);
    },

    /**
     * Checks the image by its content (JPEG, PNG or GIF that decodes, at most 5 MB) and stores it through
     * the files module; replacing an image removes the old file. A refused image stores nothing.
     */
    async setImage(tenant: Tenant, propertyId: string, id: string, bytes: Uint8Array): Promise<BotQuestion> {
      await find(tenant, propertyId, id);
      if (bytes.length > BOT_IMAGE_MAX_BYTES) throw conciergeErrors.imageTooLarge();
      const verdict = await deps.files.saveImage(bytes);
      if (!verdict.ok) {
        throw verdict.reason === 'size' ? conciergeErrors.imageTooLarge() : conciergeErrors.imageType();
      }
      // The answer is sent with the image itself; the editor shows it small (no thumbnail column).
      await deps.files.remove([verdict.image.thumbName]);
      const file = verdict.image.fileName;
      let previous: string | null = null;
      try {
        await inTransaction(deps.db, async (tx) => {
          const txRepo = createQuestionsRepo({ db: tx });
          const row = await txRepo.find(tenant.accountId, propertyId, id);
          if (!row) throw conciergeErrors.questionNotFound();
          previous = row.imageFile;
          await txRepo.update(tenant.accountId, propertyId, id, {
            imageFile: file,
            updatedAt: deps.clock.now(),
          });
        });
      } catch (error) {
        await deps.files.remove([file]);
        throw error;
      }
      await deps.files.remove([previous]);
      return toQuestion(await find(tenant, propertyId, id));
    },

    async removeImage(tenant: Tenant, propertyId: string, id: string): Promise<BotQuestion> {
      const row = await find(tenant, propertyId, id);
      if (!row.imageFile) throw conciergeErrors.imageNotFound();
      await repo.update(tenant.accountId, propertyId, id, { imageFile: null, updatedAt: deps.clock.now() });
      await deps.files.remove([row.imageFile]);
      return toQuestion(await find(tenant, propertyId, id));
    },

    /**
     * A guest's question the bot could not answer (the answering pipeline, on escalation): stored pending in
     * the language asked, once per normalised text, counted on each repeat. Concurrency safe (an upsert on
     * bot_questions_asked_idx). A full property (BOT_QUESTIONS_MAX) only counts questions already stored.
     * Answers the question's id, or null when nothing was stored.
     */
    async recordPending(input: {
      accountId: string;
      propertyId: string;
      language: ConciergeLanguage;
      text: string;
    }): Promise<string | null> {
      const text = input.text.replace(/\s+/g, ' ').trim().slice(0, BOT_QUESTION_MAX);
      const askedKey = normaliseQuestion(text, input.language);
      if (!askedKey) return null;
      const full = (await repo.total(input.accountId, input.propertyId)) >= BOT_QUESTIONS_MAX;
      return repo.upsertPending({
        accountId: input.accountId,
        propertyId: input.propertyId,
        askedKey,
        language: input.language,
        text,
        at: deps.clock.now(),
        insert: !full,
      });
    },
  };
}
