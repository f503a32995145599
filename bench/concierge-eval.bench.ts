// The concierge's quality on a fixed evaluation set (issue 19, docs/concierge.md Quality): seeds the demo on
// PGlite, builds each demo property's knowledge through the concierge's knowledge service (with a stay of
// the property, so the guest's own booking is known), and runs the embedded engine on every question of
// bench/fixtures/concierge-eval.json — and the LLM engine too when LLM_BASE_URL is set. Scores: answered
// correctly (of the answerable), escalated correctly (of the must-escalate), invented (a must-escalate
// question answered, or an answer from the wrong entry), wrong action, per language, and the decision time.
// Run: npm run bench concierge-eval. Writes bench/results/concierge-eval.md. Exits 1 when the embedded
// engine misses a target (invented 0, answered ≥ 80 %, escalations ≥ 95 %).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { botActions, type ConciergeLanguage } from '@posada/domain/concierge';
import { and, asc, eq } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { users } from '../apps/api/src/db/schema/accounts.ts';
import { checkins } from '../apps/api/src/db/schema/checkins.ts';
import { botQuestions } from '../apps/api/src/db/schema/concierge.ts';
import { properties } from '../apps/api/src/db/schema/properties.ts';
import { demoEmails, seedDemo } from '../apps/api/src/demo/seed.ts';
import { demoQuestionKey } from '../apps/api/src/demo/seed-concierge.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import type { ConciergeDeps } from '../apps/api/src/modules/concierge/concierge.deps.ts';
import type {
  ConciergeEngine,
  EngineDecision,
  KnowledgeEntry,
} from '../apps/api/src/modules/concierge/engine/concierge-engine.ts';
import { createEmbeddedEngine, retrieve } from '../apps/api/src/modules/concierge/engine/embedded-engine.ts';
import { createKnowledgeService } from '../apps/api/src/modules/concierge/knowledge.service.ts';
import { rebuildLatest, resultsDir } from './report.ts';

interface EvalQuestion {
  property: string;
  language: ConciergeLanguage;
  question: string;
  expected: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const set = JSON.parse(readFileSync(path.join(here, 'fixtures/concierge-eval.json'), 'utf8')) as {
  questions: EvalQuestion[];
};
/** Written after the engine was tuned on the set above and never used for tuning: the over-fitting check. */
const holdout = JSON.parse(readFileSync(path.join(here, 'fixtures/concierge-eval-holdout.json'), 'utf8')) as {
  questions: EvalQuestion[];
};
const verbose = process.env.BENCH_VERBOSE === '1';

/** What a decision amounts to, in the set's vocabulary: a demo key / fact id, action:<name>, or escalate. */
function outcome(decision: EngineDecision, keyOf: Map<string, string>): string {
  if (decision.kind === 'answer') return keyOf.get(decision.entryId) ?? decision.entryId;
  if (decision.kind === 'action') return `action:${decision.action}`;
  if (decision.kind === 'reply') return `reply:${decision.accept ? 'yes' : 'no'}`;
  return 'escalate';
}

interface Tally {
  answerable: number;
  answered: number;
  mustEscalate: number;
  escalated: number;
  invented: number;
  wrongAction: number;
  ms: number[];
}
const tally = (): Tally => ({
  answerable: 0,
  answered: 0,
  mustEscalate: 0,
  escalated: 0,
  invented: 0,
  wrongAction: 0,
  ms: [],
});

async function main() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const { db } = database;
  const seedStarted = performance.now();
  await seedDemo(db, systemClock, { appSecret: randomBytes(32).toString('base64url') });
  const seedMs = performance.now() - seedStarted;
  const [owner] = await db
    .select({ accountId: users.accountId })
    .from(users)
    .where(eq(users.email, demoEmails.empresa));
  const accountId = owner?.accountId as string;
  const deps = { db, clock: systemClock } as unknown as ConciergeDeps;
  const knowledge = createKnowledgeService(deps);

  const props = await db.select().from(properties).where(eq(properties.accountId, accountId));
  const knowledgeOf = new Map<string, KnowledgeEntry[]>();
  const keyOf = new Map<string, string>();
  for (const property of props) {
    const [stay] = await db
      .select({ id: checkins.id })
      .from(checkins)
      .where(and(eq(checkins.accountId, accountId), eq(checkins.propertyId, property.id)))
      .orderBy(asc(checkins.startDate))
      .limit(1);
    const entries = await knowledge.entriesFor({
      accountId,
      propertyId: property.id,
      checkinId: stay?.id ?? null,
      language: 'es',
    });
    knowledgeOf.set(property.nombre, entries);
    const questions = await db.select().from(botQuestions).where(eq(botQuestions.propertyId, property.id));
    for (const q of questions) {
      const key = demoQuestionKey(q.question);
      if (key) keyOf.set(q.id, key);
    }
  }

  const engines: ConciergeEngine[] = [createEmbeddedEngine()];
  const llmFile = path.join(here, '../apps/api/src/modules/concierge/engine/llm-engine.ts');
  // BENCH_FAKE_LLM=1: the LLM path against the local fake endpoint's rule mode (checks the wiring, not a model).
  let fakeLlm: { close(): Promise<void> } | null = null;
  if (!process.env.LLM_BASE_URL && process.env.BENCH_FAKE_LLM === '1') {
    const { startFakeLlm } = await import('../apps/api/src/adapters/llm/llm.fake.ts');
    const fake = await startFakeLlm();
    fakeLlm = fake;
    Object.assign(process.env, fake.env, { LLM_MODEL: 'fake-rule-mode' });
  }
  if (process.env.LLM_BASE_URL && existsSync(llmFile)) {
    const { createLlmEngine } = await import('../apps/api/src/modules/concierge/engine/llm-engine.ts');
    const { createLlmClient } = await import('../apps/api/src/adapters/llm/llm.client.ts');
    const client = createLlmClient({
      baseUrl: process.env.LLM_BASE_URL,
      apiKey: process.env.LLM_API_KEY,
      model: process.env.LLM_MODEL ?? 'gpt-4o-mini',
    });
    engines.push(createLlmEngine({ client, retrieve }));
  }

  const sections: string[] = [];
  let failed = false;
  const sets = [
    { name: 'evaluation set', questions: set.questions, enforced: true },
    { name: 'held-out set', questions: holdout.questions, enforced: false },
  ];
  for (const engine of engines)
    for (const evalSet of sets) {
      const byLanguage = new Map<string, Tally>();
      const all = tally();
      const misses: string[] = [];
      for (const q of evalSet.questions) {
        const entries = knowledgeOf.get(q.property);
        if (!entries) throw new Error(`no demo property ${q.property}`);
        const started = performance.now();
        const decision = await engine.decide({
          message: q.question,
          language: q.language,
          knowledge: entries,
          allowedActions: botActions,
          history: [],
        });
        const ms = performance.now() - started;
        const got = outcome(decision, keyOf);
        const t = byLanguage.get(q.language) ?? tally();
        byLanguage.set(q.language, t);
        for (const x of [t, all]) {
          x.ms.push(ms);
          if (q.expected === 'escalate') {
            x.mustEscalate++;
            if (got === 'escalate') x.escalated++;
            else if (decision.kind === 'answer') x.invented++;
            else x.wrongAction++;
          } else {
            x.answerable++;
            if (got === q.expected) x.answered++;
            else if (decision.kind === 'answer') x.invented++;
            else if (decision.kind === 'action') x.wrongAction++;
          }
        }
        if (got !== q.expected) {
          const level = got === 'escalate' ? 'missed ' : 'WRONG  ';
          misses.push(`${level} [${q.language}] ${q.question} → ${got} (expected ${q.expected})`);
        }
      }
      const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);
      const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(0.95 * ms.length) - 1] ?? 0;
      const row = (label: string, x: Tally) =>
        `| ${engine.name} | ${label} | ${x.answered}/${x.answerable} (${pct(x.answered, x.answerable)}) | ${x.escalated}/${x.mustEscalate} (${pct(x.escalated, x.mustEscalate)}) | ${x.invented} | ${x.wrongAction} | ${p95(x.ms).toFixed(1)} |`;
      sections.push(
        [
          `**${evalSet.name}** (${evalSet.questions.length} questions)`,
          '',
          '| engine | language | answered correctly | escalated correctly | invented | wrong action | p95 ms |',
          '|---|---|---:|---:|---:|---:|---:|',
          ...[...byLanguage.entries()].map(([l, x]) => row(l, x)),
          row('all', all),
        ].join('\n'),
      );
      if (verbose || engine.name === 'embedded') for (const m of misses) console.log(m);
      if (engine.name === 'embedded') {
        const met =
          all.invented === 0 &&
          all.answered >= 0.8 * all.answerable &&
          all.escalated >= 0.95 * all.mustEscalate;
        if (!met && evalSet.enforced) failed = true;
        sections.push(
          `Targets of the embedded engine on the ${evalSet.name} (invented 0, answered ≥ 80 %, escalations ≥ 95 %): ${met ? 'met' : 'NOT met'}.`,
        );
      }
    }
  await database.close();
  await fakeLlm?.close();

  const machine = `${cpus()[0]?.model ?? 'unknown CPU'} × ${availableParallelism()}`;
  const report = [
    '## Concierge evaluation set (issue 19)',
    '',
    `Run ${new Date().toISOString()} on ${machine}. ${set.questions.length} questions (bench/fixtures/concierge-eval.json) and ${holdout.questions.length} held-out ones written after the tuning (concierge-eval-holdout.json) over the demo properties; knowledge built by the concierge's knowledge service on PGlite (demo seed ${seedMs.toFixed(0)} ms). LLM engine: ${engines.length === 1 ? 'skipped (LLM_BASE_URL not set)' : fakeLlm ? 'the local fake endpoint (rule mode), not a model' : `${process.env.LLM_MODEL ?? 'default model'} at LLM_BASE_URL`}.`,
    '',
    ...sections.flatMap((s) => [s, '']),
    '- invented: a must-escalate question answered, or an answer from another entry than expected. wrong action: an action where an answer, another action or escalate was expected.',
    '',
  ].join('\n');
  writeFileSync(path.join(resultsDir, 'concierge-eval.md'), report);
  rebuildLatest();
  console.log(`\n${report}`);
  process.exit(failed ? 1 : 0);
}

await main();
