import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../adapters/llm/llm.fake.ts';
import { testDbKind } from '../../test/test-app.ts';
import { type ConciergeTest, startConcierge } from './concierge.test-setup.ts';

/**
 * The concierge with LLM_BASE_URL set (the fake OpenAI-compatible endpoint in its rule mode): the LLM engine
 * answers, citing the operator's entry; when the endpoint fails, the embedded engine answers instead.
 */
describe(`concierge answering with the LLM engine on ${testDbKind}`, () => {
  let llm: FakeLlm;
  let c: ConciergeTest;
  beforeAll(async () => {
    llm = await startFakeLlm();
    c = await startConcierge('concierge-llm-', llm.env);
    await c.anaAsks('Hola');
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    await llm?.close();
  });

  const lastBotLine = async () =>
    (await c.linesOf((await c.chatOf(c.accountA))?.id as string)).filter((l) => l.role === 'bot').at(-1);

  it("answers through the model, with the operator's words of the entry it cites", async () => {
    const before = llm.chatRequests().length;
    const reply = await c.anaAsks('¿Cuál es la contraseña del wifi?');
    expect(llm.chatRequests().length).toBe(before + 1);
    expect(reply?.text).toBe('La contraseña del wifi es Encinas2026.');
    expect(await lastBotLine()).toMatchObject({
      engine: 'llm',
      outcome: 'answered',
      source: c.questions.wifi,
    });
  });

  it('falls back to the embedded engine when the endpoint fails', async () => {
    llm.queue({ status: 500, body: { error: { message: 'upstream down' } } });
    const reply = await c.anaAsks('¿Cuál es la contraseña del wifi?');
    expect(reply?.text).toBe('La contraseña del wifi es Encinas2026.');
    expect(await lastBotLine()).toMatchObject({
      engine: 'embedded',
      outcome: 'answered',
      source: c.questions.wifi,
    });
  });
});
