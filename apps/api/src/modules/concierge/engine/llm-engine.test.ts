import type { BotAction } from '@posada/domain/concierge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdapterError } from '../../../adapters/adapter-error.ts';
import { createLlmClient } from '../../../adapters/llm/llm.client.ts';
import { type FakeLlm, startFakeLlm } from '../../../adapters/llm/llm.fake.ts';
import { words } from '../../../adapters/llm/llm.fake-rules.ts';
import type { EngineInput, KnowledgeEntry } from './concierge-engine.ts';
import { retrieve as embeddedRetrieve } from './embedded-engine.ts';
import { createLlmEngine, type Retrieve } from './llm-engine.ts';

const knowledge: KnowledgeEntry[] = [
  {
    id: 'q-wifi',
    kind: 'question',
    question: {
      es: '¿Cuál es la contraseña del wifi?',
      en: 'What is the wifi password?',
      ar: 'ما هي كلمة مرور الواي فاي؟',
    },
    answer: {
      es: 'La red es CasaMar y la contraseña es olas2029.',
      en: 'The network is CasaMar, password olas2029.',
      ar: 'الشبكة CasaMar وكلمة المرور olas2029.',
    },
  },
  {
    id: 'fact:checkin_time',
    kind: 'fact',
    question: { es: 'Hora de entrada check-in', en: 'Check-in time', ar: 'وقت تسجيل الوصول' },
    answer: {
      es: 'La entrada es a partir de las 15:00.',
      en: 'Check-in is from 15:00.',
      ar: 'تسجيل الوصول من الساعة 15:00.',
    },
  },
  {
    id: 'q-parking',
    kind: 'question',
    question: { es: '¿Hay aparcamiento?', en: 'Is there parking?', ar: 'هل يوجد موقف سيارات؟' },
    answer: {
      es: 'Sí, plaza 12 del garaje, gratis.',
      en: 'Yes, space 12 in the garage, free.',
      ar: 'نعم، المكان 12 في المرآب مجانًا.',
    },
  },
  {
    id: 'service:svc-taxi',
    kind: 'service',
    question: { es: 'Traslado al aeropuerto taxi', en: 'Airport transfer taxi', ar: 'توصيل إلى المطار' },
    answer: {
      es: 'Traslado al aeropuerto: 35 €.',
      en: 'Airport transfer: €35.',
      ar: 'التوصيل إلى المطار: 35 يورو.',
    },
  },
];

/** A small stand-in for the embedded engine's retrieval: shared words over the question, in every language. */
const retrieve: Retrieve = (entries, message, _language, k) => {
  const asked = words(message);
  return entries
    .map((entry) => {
      const own = words(Object.values(entry.question).join(' '));
      const overlap = [...asked].filter((w) => own.has(w)).length;
      return { entry, score: asked.size ? overlap / asked.size : 0 };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
};

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
});
afterEach(() => fake.script(null));
afterAll(() => fake.close());

function engine(opts: { apiKey?: string; timeoutMs?: number; topK?: number } = {}) {
  const client = createLlmClient({
    baseUrl: fake.env.LLM_BASE_URL,
    apiKey: opts.apiKey ?? fake.env.LLM_API_KEY,
    model: 'concierge-model',
  });
  return createLlmEngine({ client, retrieve, timeoutMs: opts.timeoutMs, topK: opts.topK });
}

const input = (message: string, over: Partial<EngineInput> = {}): EngineInput => ({
  message,
  language: 'es',
  knowledge,
  allowedActions: ['send_door_code', 'handover'] as BotAction[],
  history: [],
  ...over,
});

describe('LLM concierge engine against the fake Chat Completions endpoint', () => {
  it('sends the key, the model, the allowed actions as tools and only the retrieved knowledge', async () => {
    const before = fake.requests.length;
    await engine({ topK: 1 }).decide(input('¿Cuál es la contraseña del wifi?'));
    const req = fake.requests.at(-1);
    expect(fake.requests.length).toBe(before + 1);
    expect(req?.headers.authorization).toBe(`Bearer ${fake.env.LLM_API_KEY}`);
    const body = fake.chatRequests().at(-1);
    expect(body?.model).toBe('concierge-model');
    expect(body?.tool_choice).toBe('required');
    expect(body?.tools?.map((t) => t.function.name)).toEqual([
      'answer_from_knowledge',
      'send_door_code',
      'handover',
      'escalate',
    ]);
    expect(body?.tools?.[0]?.function.parameters).toMatchObject({
      properties: { entry_id: { enum: ['q-wifi'] } },
    });
    const system = body?.messages[0]?.content ?? '';
    expect(system).toContain('q-wifi');
    expect(system).toContain('La red es CasaMar y la contraseña es olas2029.');
    expect(system).toContain('Answer in Spanish');
    // Entries that were not retrieved, and other languages, never reach the model.
    expect(system).not.toContain('plaza 12');
    expect(system).not.toContain('15:00');
    expect(system).not.toContain('The network is CasaMar');
    expect(body?.messages.at(-1)).toEqual({ role: 'user', content: '¿Cuál es la contraseña del wifi?' });
  });

  it('an answer citing a given entry is an answer, with that entry’s retrieval score', async () => {
    fake.queue({
      toolCalls: [
        { name: 'answer_from_knowledge', arguments: { entry_id: 'q-parking', text: 'Sí, en la plaza 12.' } },
      ],
    });
    const decision = await engine().decide(input('¿Hay aparcamiento para el coche?'));
    expect(decision).toEqual({
      kind: 'answer',
      entryId: 'q-parking',
      text: 'Sí, en la plaza 12.',
      confidence: 50,
    });
  });

  it('citing an entry it was not given, citing none or plain text: escalate', async () => {
    // q-parking exists in the knowledge but was not retrieved for a Wi-Fi question.
    fake.queue(
      {
        toolCalls: [
          { name: 'answer_from_knowledge', arguments: { entry_id: 'q-parking', text: 'Plaza 12.' } },
        ],
      },
      { toolCalls: [{ name: 'answer_from_knowledge', arguments: { text: 'olas2029' } }] },
      { content: 'La contraseña es olas2029.' },
      { toolCalls: [{ name: 'answer_from_knowledge', arguments: '{"entry_id": "q-wifi", "text": ' }] },
    );
    const e = engine();
    const reasons = [];
    for (let i = 0; i < 4; i++) {
      const decision = await e.decide(input('contraseña del wifi'));
      expect(decision.kind).toBe('escalate');
      reasons.push(decision.kind === 'escalate' ? decision.reason : '');
    }
    expect(reasons).toEqual([
      'llm_unknown_entry',
      'llm_uncited_answer',
      'llm_uncited_text',
      'llm_malformed_arguments',
    ]);
  });

  it('send_door_code is an action when allowed; when not allowed it is escalated', async () => {
    fake.script(() => ({ toolCalls: [{ name: 'send_door_code', arguments: {} }] }));
    expect(await engine().decide(input('¿Me pasas el código de la puerta?'))).toMatchObject({
      kind: 'action',
      action: 'send_door_code',
    });
    const notAllowed = await engine().decide(
      input('¿Me pasas el código de la puerta?', { allowedActions: ['handover'] }),
    );
    expect(notAllowed).toMatchObject({ kind: 'escalate', reason: 'llm_action_not_allowed: send_door_code' });
    expect(
      fake
        .chatRequests()
        .at(-1)
        ?.tools?.map((t) => t.function.name),
    ).not.toContain('send_door_code');
  });

  it('the escalate tool escalates; an unknown service or tool escalates too', async () => {
    fake.queue(
      { toolCalls: [{ name: 'escalate', arguments: { reason: 'pets are not in the knowledge' } }] },
      { toolCalls: [{ name: 'offer_services', arguments: { service_id: 'svc-spa' } }] },
      { toolCalls: [{ name: 'offer_services', arguments: { service_id: 'svc-taxi' } }] },
      { toolCalls: [{ name: 'delete_booking', arguments: {} }] },
    );
    const e = engine();
    const all: BotAction[] = ['offer_services'];
    expect(await e.decide(input('¿Aceptan perros?'))).toMatchObject({
      kind: 'escalate',
      reason: 'llm: pets are not in the knowledge',
    });
    expect(await e.decide(input('Quiero un taxi al aeropuerto', { allowedActions: all }))).toMatchObject({
      kind: 'escalate',
      reason: 'llm_unknown_service',
    });
    expect(await e.decide(input('Quiero un taxi al aeropuerto', { allowedActions: all }))).toMatchObject({
      kind: 'action',
      action: 'offer_services',
      serviceId: 'svc-taxi',
    });
    expect(await e.decide(input('Cancela mi reserva'))).toMatchObject({
      kind: 'escalate',
      reason: 'llm_unknown_tool: delete_booking',
    });
  });

  it('the rule mode answers from the prompt’s knowledge in the guest’s language, acts, or escalates', async () => {
    const e = engine();
    expect(await e.decide(input('ما هي كلمة مرور الواي فاي؟', { language: 'ar' }))).toMatchObject({
      kind: 'answer',
      entryId: 'q-wifi',
      text: 'الشبكة CasaMar وكلمة المرور olas2029.',
    });
    expect(await e.decide(input('What time is check-in?', { language: 'en' }))).toMatchObject({
      kind: 'answer',
      entryId: 'fact:checkin_time',
      text: 'Check-in is from 15:00.',
    });
    expect(await e.decide(input('What is the door code?', { language: 'en' }))).toMatchObject({
      kind: 'action',
      action: 'send_door_code',
    });
    expect(await e.decide(input('¿Se admiten mascotas?'))).toMatchObject({ kind: 'escalate' });
  });

  it('401 and no answer in time are AdapterErrors (the caller falls back to the embedded engine)', async () => {
    const wrongKey = engine({ apiKey: 'sk-wrong' }).decide(input('wifi'));
    await expect(wrongKey).rejects.toBeInstanceOf(AdapterError);
    await expect(wrongKey).rejects.toMatchObject({ code: 'llm.unauthorized', status: 401 });
    fake.hangNext();
    const started = Date.now();
    await expect(engine({ timeoutMs: 200 }).decide(input('wifi'))).rejects.toMatchObject({
      code: 'llm.timeout',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    fake.failNext({ status: 503, body: { error: { message: 'overloaded' } } });
    await expect(engine().decide(input('wifi'))).rejects.toMatchObject({ code: 'llm.server_error' });
  });

  it('with the embedded engine’s retrieval (its score on 0–1) the model sees and cites the matching entry', async () => {
    const client = createLlmClient({
      baseUrl: fake.env.LLM_BASE_URL,
      apiKey: fake.env.LLM_API_KEY,
      model: 'm',
    });
    const e = createLlmEngine({
      client,
      retrieve: embeddedRetrieve,
    });
    const decision = await e.decide(input('What is the wifi password?', { language: 'en' }));
    expect(decision).toMatchObject({
      kind: 'answer',
      entryId: 'q-wifi',
      text: 'The network is CasaMar, password olas2029.',
    });
    expect(decision.confidence).toBeGreaterThanOrEqual(60);
    expect(fake.chatRequests().at(-1)?.messages[0]?.content).toContain('"id":"q-wifi"');
  });

  it('a cited answer with a number the entry does not hold is sent in the operator’s own words', async () => {
    fake.queue(
      {
        toolCalls: [
          {
            name: 'answer_from_knowledge',
            arguments: { entry_id: 'q-parking', text: 'Sí, la plaza 14, 5 € al día.' },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'answer_from_knowledge',
            arguments: { entry_id: 'q-parking', text: 'Sí: la plaza 12, sin coste.' },
          },
        ],
      },
    );
    const e = engine();
    expect(await e.decide(input('¿Hay aparcamiento para el coche?'))).toMatchObject({
      kind: 'answer',
      text: 'Sí, plaza 12 del garaje, gratis.',
    });
    expect(await e.decide(input('¿Hay aparcamiento para el coche?'))).toMatchObject({
      kind: 'answer',
      text: 'Sí: la plaza 12, sin coste.',
    });
  });

  it('nothing retrieved and nothing allowed: escalates without asking the model', async () => {
    const before = fake.requests.length;
    expect(await engine().decide(input('¿Se admiten mascotas?', { allowedActions: [] }))).toMatchObject({
      kind: 'escalate',
      reason: 'llm_no_knowledge',
    });
    expect(fake.requests.length).toBe(before);
  });
});
