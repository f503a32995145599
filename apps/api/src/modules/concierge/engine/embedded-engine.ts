import { type ConciergeLanguage, localized } from '@posada/domain/concierge';
import MiniSearch from 'minisearch';
import type { ConciergeEngine, EngineDecision, EngineInput, KnowledgeEntry } from './concierge-engine.ts';
import { analyse, isModifier, type Term } from './lexicon.ts';
import { normaliseText, tokens } from './normalise.ts';

/**
 * The embedded concierge engine (docs/concierge.md, Engines): no external service. The guest's message and
 * every knowledge entry are read through the same multilingual normalisation and concept lexicon; MiniSearch
 * ranks the entries; a confidence rule then decides whether the best one really answers the question: it
 * must cover every topic the guest names (Wi-Fi, parking, a gym…), and a word of the question that belongs
 * to another entry counts against it. Below the bar the engine escalates: it never answers with an entry
 * that does not answer the question.
 */

/** The confidence an answer needs (0–100). */
export const ANSWER_MIN_CONFIDENCE = 60;

interface Indexed {
  entry: KnowledgeEntry;
  /** Terms of the question in every language and of the keywords: what the entry is about. */
  q: Set<string>;
  /** Terms of the answer in every language: what it also mentions. */
  a: Set<string>;
}

interface Index {
  mini: MiniSearch<{ id: string; q: string; a: string }>;
  items: Map<string, Indexed>;
  /** Every word (not concept) of any entry's question or keywords, for "this word belongs elsewhere". */
  questionWords: Set<string>;
}

const indexes = new WeakMap<KnowledgeEntry[], Index>();

const texts = (text: Partial<Record<ConciergeLanguage, string>>) =>
  Object.values(text).filter((t): t is string => typeof t === 'string' && t.trim().length > 0);

function terms(parts: string[]): Set<string> {
  const out = new Set<string>();
  for (const part of parts) for (const t of analyse(part)) out.add(t.term);
  return out;
}

function buildIndex(entries: KnowledgeEntry[]): Index {
  const cached = indexes.get(entries);
  if (cached) return cached;
  const mini = new MiniSearch<{ id: string; q: string; a: string }>({
    fields: ['q', 'a'],
    tokenize: (text) => text.split(' ').filter(Boolean),
    processTerm: (term) => term || null,
    searchOptions: {
      boost: { q: 3, a: 1 },
      fuzzy: (term) => (term.startsWith('#') || term.length < 5 ? false : 0.2),
      maxFuzzy: 2,
    },
  });
  const items = new Map<string, Indexed>();
  const questionWords = new Set<string>();
  for (const entry of entries) {
    if (items.has(entry.id)) continue;
    const q = terms([...texts(entry.question), ...(entry.keywords ?? [])]);
    const a = terms(texts(entry.answer));
    items.set(entry.id, { entry, q, a });
    for (const t of q) if (!t.startsWith('#')) questionWords.add(t);
    mini.add({ id: entry.id, q: [...q].join(' '), a: [...a].join(' ') });
  }
  const index = { mini, items, questionWords };
  indexes.set(entries, index);
  return index;
}

/** Whether a set holds the word or, for a word of 5+ letters, one a letter away (a typo). */
function holds(set: Set<string>, term: string): boolean {
  if (set.has(term)) return true;
  if (term.startsWith('#') || term.length < 5) return false;
  for (const other of set) {
    if (other.startsWith('#') || Math.abs(other.length - term.length) > 1) continue;
    if (oneEditApart(term, other)) return true;
  }
  return false;
}

function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return true;
    const [i, j] = diff;
    return diff.length === 2 && j === (i as number) + 1 && a[i as number] === b[j] && a[j] === b[i as number];
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}

/** How well an entry answers the analysed question, 0–100. */
function confidence(query: Term[], item: Indexed, index: Index): number {
  const topics = query.filter((t) => t.concept && !t.modifier);
  const modifiers = query.filter((t) => t.modifier);
  const words = query.filter((t) => !t.concept);
  const asked = new Set(query.map((t) => t.term));
  let score: number;
  if (topics.length > 0) {
    // Every topic the guest names must be in the entry; the entry is *about* it when its question names it.
    let inQuestion = 0;
    for (const { term } of topics) {
      if (item.q.has(term)) inQuestion++;
      else if (!item.a.has(term)) return 0;
    }
    score = 50 + (38 * inQuestion) / topics.length;
    // A more specific entry wins: topics and modifiers of its question the guest did not ask about.
    let extraTopics = 0;
    let extraModifiers = 0;
    for (const term of item.q) {
      if (!term.startsWith('#') || asked.has(term)) continue;
      if (isModifier(term.slice(1))) extraModifiers++;
      else extraTopics++;
    }
    score -= Math.min(12, 4 * extraTopics) + Math.min(4, 2 * extraModifiers);
    for (const { term } of words) {
      if (holds(item.q, term)) score += 3;
      else if (holds(item.a, term)) score += 1;
      // A word of the question that another entry's question has: evidence of another subject.
      else if (holds(index.questionWords, term)) score -= 12;
      else score -= 12;
    }
  } else {
    if (words.length === 0) return 0;
    let matched = 0;
    let inQuestion = 0;
    for (const { term } of words) {
      if (holds(item.q, term)) {
        matched += 1;
        inQuestion++;
      } else if (holds(item.a, term)) matched += 0.5;
      else if (holds(index.questionWords, term)) matched -= 0.5;
    }
    if (inQuestion === 0) return 0;
    score = (95 * matched) / words.length;
  }
  for (const { term } of modifiers) score += item.q.has(term) ? 4 : item.a.has(term) ? 1 : -4;
  return Math.max(0, Math.min(99, Math.round(score)));
}

export interface ScoredEntry {
  entry: KnowledgeEntry;
  /** The confidence on a 0–1 scale (what the LLM engine's `Retrieve` expects). */
  score: number;
  /** MiniSearch's relevance score (unbounded; for ordering). */
  relevance: number;
  /** Whether the entry answers the question, 0–100 (the engine answers from ANSWER_MIN_CONFIDENCE). */
  confidence: number;
}

const kindRank = { question: 0, fact: 1, service: 2 } as const;

/**
 * The guest's message as terms, with the concepts another one covers folded in: a Wi-Fi "code" is its
 * password, and a door without a code is how to get in.
 */
function readQuery(message: string): Term[] {
  const query = analyse(message, { typos: true });
  const has = (c: string) => query.some((t) => t.term === `#${c}`);
  if (has('wifi')) return query.filter((t) => t.term !== '#code');
  if (has('door') && !has('code')) {
    const folded = query.filter((t) => t.term !== '#door');
    return has('access') ? folded : [...folded, { term: '#access', concept: true, modifier: false }];
  }
  return query;
}

/**
 * The entries that best match a guest's message, best first (at most `k`): confidence first, then
 * MiniSearch's score, then the operator's own answers before facts and services. The LLM engine reuses it to
 * pick the knowledge it shows the model.
 */
export function retrieve(
  entries: KnowledgeEntry[],
  message: string,
  _language: ConciergeLanguage,
  k = 5,
): ScoredEntry[] {
  if (entries.length === 0) return [];
  const index = buildIndex(entries);
  const query = readQuery(message);
  if (query.length === 0) return [];
  const hits = index.mini.search(query.map((t) => t.term).join(' '));
  const scored: ScoredEntry[] = [];
  for (const hit of hits.slice(0, Math.max(k * 3, 12))) {
    const item = index.items.get(String(hit.id));
    if (!item) continue;
    const sure = confidence(query, item, index);
    scored.push({ entry: item.entry, score: sure / 100, relevance: hit.score, confidence: sure });
  }
  scored.sort(
    (x, y) =>
      y.confidence - x.confidence ||
      // As sure of both: the operator's own answer before a fact Posada phrased.
      kindRank[x.entry.kind] - kindRank[y.entry.kind] ||
      y.relevance - x.relevance,
  );
  return scored.slice(0, k);
}

const YES = new Set(
  `si sí vale ok okay okey yes yeah yep sure claro perfecto genial dale venga great please perfect de acuerdo
   نعم ايوه ايوا اكيد حسنا تمام موافق اوكي طيب`
    .split(/\s+/)
    .map(normaliseText),
);
/** Words that only make a yes or a no polite ("sí, por favor", "no, thank you", "نعم من فضلك"). */
const POLITE = new Set(
  'gracias por favor porfa thank you thanks please من فضلك لو سمحت شكرا'.split(/\s+/).map(normaliseText),
);
const NO = new Set(`no nope nah not thanks gracias لا كلا شكرا`.split(/\s+/).map(normaliseText));

/** A short yes or no ("vale", "sí, gracias", "no thanks", "نعم"): true, false, or null when it is neither. */
export function yesOrNo(message: string): boolean | null {
  const words = tokens(normaliseText(message));
  if (words.length === 0 || words.length > 4) return null;
  const hasNo =
    words.includes('no') || words.includes('nope') || words.includes('لا') || words.includes('nah');
  if (hasNo) return words.every((w) => NO.has(w) || YES.has(w) || POLITE.has(w)) ? false : null;
  return words.every((w) => YES.has(w) || POLITE.has(w)) ? true : null;
}

/** The guest asks the bot to do something (the module checks the policy before doing it). */
function intent(
  concepts: Set<string>,
): Exclude<EngineDecision, { kind: 'answer' | 'reply' | 'escalate' }> | null {
  const topics = [...concepts].filter((c) => !isModifier(c));
  const only = (...allowed: string[]) => topics.every((t) => allowed.includes(t));
  if (concepts.has('human') && (concepts.has('talk') || only('human')))
    return { kind: 'action', action: 'handover', confidence: 90 };
  if (concepts.has('code') && !concepts.has('wifi') && only('code', 'door', 'access', 'key', 'checkin'))
    return { kind: 'action', action: 'send_door_code', confidence: 88 };
  if (
    (concepts.has('link') || (concepts.has('registration') && concepts.has('again'))) &&
    only('link', 'checkin', 'registration')
  )
    return { kind: 'action', action: 'resend_checkin_link', confidence: 85 };
  if (
    (concepts.has('late_checkout') || (concepts.has('checkout') && concepts.has('late'))) &&
    only('late_checkout', 'checkout', 'transport', 'flight')
  )
    return { kind: 'action', action: 'late_checkout', confidence: 88 };
  if (
    (concepts.has('early_checkin') || (concepts.has('checkin') && concepts.has('early'))) &&
    only('early_checkin', 'checkin', 'access', 'transport', 'flight')
  )
    return { kind: 'action', action: 'early_checkin', confidence: 88 };
  return null;
}

/** Whether the bot's last line was a question to the guest (a proposal waiting for a yes or a no). */
function lastBotLineAsks(history: EngineInput['history']): boolean {
  const last = history[history.length - 1];
  return last?.role === 'bot' && /[?؟]/.test(last.content);
}

export function decideEmbedded(input: EngineInput): EngineDecision {
  const { message, language, knowledge, history } = input;
  if (lastBotLineAsks(history)) {
    const accept = yesOrNo(message);
    if (accept !== null) return { kind: 'reply', accept, confidence: 90 };
  }
  const query = readQuery(message);
  const concepts = new Set(query.filter((t) => t.concept).map((t) => t.term.slice(1)));
  const action = intent(concepts);
  if (action) return action;
  const [best] = retrieve(knowledge, message, language, 5);
  if (!best || best.confidence < ANSWER_MIN_CONFIDENCE)
    return {
      kind: 'escalate',
      reason: best ? `best match ${best.entry.id} below the bar (${best.confidence})` : 'nothing matches',
      confidence: best ? 100 - best.confidence : 100,
    };
  if (best.entry.kind === 'service')
    return {
      kind: 'action',
      action: 'offer_services',
      serviceId: best.entry.id.replace(/^service:/, ''),
      confidence: best.confidence,
    };
  return {
    kind: 'answer',
    entryId: best.entry.id,
    text: localized(best.entry.answer, language),
    confidence: best.confidence,
  };
}

/** The default concierge engine: retrieval over the operator's own answers, no external service. */
export function createEmbeddedEngine(): ConciergeEngine {
  return {
    name: 'embedded',
    async decide(input) {
      return decideEmbedded(input);
    },
  };
}
