import { botActions, type LocalizedAnswer } from '@posada/domain/concierge';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { botQuestions, botSettings } from '../db/schema/concierge.ts';
import { properties } from '../db/schema/properties.ts';
import type { Clock } from '../lib/clock.ts';
import { normaliseQuestion } from '../modules/concierge/engine/normalise.ts';
import { type DemoFiles, storeDemoPhoto } from './demo-media.ts';
import { demoBotQuestions, demoBotSettings, demoPendingQuestions } from './seed-concierge-catalog.ts';

export { demoBotQuestions, demoBotSettings, demoPendingQuestions } from './seed-concierge-catalog.ts';

const HOUR = 3_600_000;
const empty: LocalizedAnswer = { es: '', en: '', ar: '' };

/** The demo question key of a stored question (by its Spanish text), for the evaluation bench. */
export function demoQuestionKey(question: { es?: string }): string | null {
  return demoBotQuestions.find((q) => q.question.es === question.es)?.key ?? null;
}

/**
 * Issue 19 demo knowledge: at each property of the subscribed demo account (plan smart, every add-on, the
 * chatbot included) the bot flag on, its policy (every action allowed, Wi-Fi and access instructions shared,
 * late check-out until 13:00 free, early check-in from 12:00 for 15 €), about twenty answered questions in
 * es, en and ar (one with a photo) and two questions guests asked that are still pending. Idempotent: a
 * property that already has questions gets nothing more. A few multi-row inserts: the e2e server seeds
 * dozens of copies of the demo accounts.
 */
export async function seedDemoConcierge(
  db: Db,
  clock: Clock,
  note: (created: boolean, what: string) => void,
  opts: { email: string; files?: DemoFiles },
): Promise<void> {
  const [owner] = await db
    .select({ accountId: users.accountId })
    .from(users)
    .where(eq(users.email, opts.email));
  const accountId = owner?.accountId;
  if (!accountId) return;
  const props = await db
    .select({ id: properties.id, nombre: properties.nombre })
    .from(properties)
    .where(
      and(eq(properties.accountId, accountId), inArray(properties.nombre, Object.keys(demoBotSettings))),
    );
  if (props.length === 0) return;
  const [already] = await db
    .select({ n: count() })
    .from(botQuestions)
    .where(
      and(
        eq(botQuestions.accountId, accountId),
        inArray(
          botQuestions.propertyId,
          props.map((p) => p.id),
        ),
      ),
    );
  if (Number(already?.n ?? 0) > 0) {
    note(false, `  concierge knowledge of ${opts.email}`);
    return;
  }
  const now = clock.now();
  // The photo first (files, outside the transaction), drawn once per storage.
  const images = new Map<string, string>();
  if (opts.files)
    for (const q of demoBotQuestions) {
      if (q.image) images.set(q.key, (await storeDemoPhoto(opts.files, q.image)).fileName);
    }

  const rows: (typeof botQuestions.$inferInsert)[] = [];
  for (const property of props) {
    const name = property.nombre as keyof typeof demoBotSettings;
    demoBotQuestions.forEach((q, i) => {
      const answer = q.answers[name];
      if (!answer) return;
      // Written one after another a couple of months ago (the editor lists them in that order).
      const at = new Date(now.getTime() - (60 * 24 - i) * HOUR);
      rows.push({
        accountId,
        propertyId: property.id,
        question: q.question,
        answer,
        // The photo only where the answer is about the thing shown (the villa's pool).
        imageFile: q.image && name === 'Villa Mar Azul' ? (images.get(q.key) ?? null) : null,
        status: 'answered',
        source: 'operator',
        createdAt: at,
        updatedAt: at,
      });
    });
    for (const [i, pending] of demoPendingQuestions[name].entries()) {
      const at = new Date(now.getTime() - (2 + i * 3) * 24 * HOUR);
      rows.push({
        accountId,
        propertyId: property.id,
        question: { ...empty, [pending.language]: pending.text },
        answer: empty,
        status: 'pending',
        source: 'guest',
        askedKey: normaliseQuestion(pending.text, pending.language),
        askedCount: pending.count,
        lastAskedAt: at,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  await db.transaction(async (tx) => {
    await tx.insert(botQuestions).values(rows);
    await tx
      .insert(botSettings)
      .values(
        props.map((p) => ({
          propertyId: p.id,
          accountId,
          allowedActions: [...botActions],
          ...demoBotSettings[p.nombre as keyof typeof demoBotSettings],
          shareWifi: true,
          shareAccess: true,
          lateCheckoutUntil: '13:00',
          lateCheckoutPrice: 0,
          earlyCheckinFrom: '12:00',
          earlyCheckinPrice: 1500,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
    await tx
      .update(properties)
      .set({ botGpt: true })
      .where(
        and(
          eq(properties.accountId, accountId),
          inArray(
            properties.id,
            props.map((p) => p.id),
          ),
        ),
      );
  });
  const answered = rows.filter((r) => r.status === 'answered').length;
  note(
    true,
    `  concierge knowledge of ${opts.email}: bot on at ${props.length} properties, ${answered} answered and ${rows.length - answered} pending questions`,
  );
}
