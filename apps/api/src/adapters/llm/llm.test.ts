import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.ts';
import { createAdapterTracker } from '../status.ts';
import chatCompletion from './fixtures/chat-completion.json' with { type: 'json' };
import chatToolCall from './fixtures/chat-tool-call.json' with { type: 'json' };
import { type ChatMessage, type ChatTool, createLlmClient } from './llm.client.ts';
import { type FakeLlm, startFakeLlm } from './llm.fake.ts';

let fake: FakeLlm;
const clock = fixedClock(new Date('2029-11-05T10:00:00Z'));
const messages = chatCompletion.request.body.messages as ChatMessage[];

beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(() => fake.close());

function client(apiKey = fake.env.LLM_API_KEY, timeoutMs?: number) {
  const tracker = createAdapterTracker('llm', true, clock);
  const llm = createLlmClient({
    baseUrl: fake.env.LLM_BASE_URL,
    apiKey,
    model: 'gpt-4o-mini',
    timeoutMs,
    tracker,
  });
  return { llm, tracker };
}

describe('Chat Completions adapter against its fake', () => {
  it('sends the recorded request and answers the assistant text; the success is recorded', async () => {
    const { llm, tracker } = client();
    const content = await llm.complete(messages, { json: true, temperature: 0.7 });
    expect(content).toBe(chatCompletion.response.body.choices[0]?.message.content);
    const req = fake.requests.at(-1);
    expect(req?.url).toBe(chatCompletion.request.path);
    expect(req?.body).toEqual(chatCompletion.request.body);
    expect(tracker.status()).toMatchObject({ lastError: null, lastSuccessAt: clock.now() });
  });

  it('a wrong key is llm.unauthorized; an answer without text is llm.invalid_response', async () => {
    const { llm, tracker } = client('sk-wrong');
    await expect(llm.complete(messages)).rejects.toMatchObject({ code: 'llm.unauthorized', status: 401 });
    expect(tracker.status().lastError).toEqual({ at: clock.now(), code: 'llm.unauthorized' });
    fake.failNext({ status: 200, body: { choices: [] } });
    await expect(client().llm.complete(messages)).rejects.toMatchObject({ code: 'llm.invalid_response' });
  });

  it('no answer in time is llm.timeout; nothing listening is llm.unreachable', async () => {
    fake.hangNext();
    await expect(client(undefined, 200).llm.complete(messages)).rejects.toMatchObject({
      code: 'llm.timeout',
    });
    const nowhere = createLlmClient({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' });
    await expect(nowhere.complete(messages)).rejects.toMatchObject({ code: 'llm.unreachable' });
  });

  it('chat sends the tools and answers the tool calls as OpenAI writes them (arguments as JSON text)', async () => {
    const { llm, tracker } = client();
    const request = chatToolCall.request.body;
    fake.queue(chatToolCall.response);
    const result = await llm.chat(request.messages as ChatMessage[], {
      tools: request.tools as ChatTool[],
      tool_choice: 'required',
      temperature: 0,
    });
    expect(result).toEqual({
      content: null,
      toolCalls: [{ id: 'call_Qm2kT9', name: 'send_door_code', arguments: '{}' }],
    });
    expect(fake.requests.at(-1)?.body).toEqual(request);
    expect(tracker.status()).toMatchObject({ lastError: null, lastSuccessAt: clock.now() });
  });

  it('chat: an answer with neither text nor tool calls, or a call without a name, is llm.invalid_response', async () => {
    fake.queue({ status: 200, body: { choices: [{ message: { role: 'assistant', content: null } }] } });
    await expect(client().llm.chat(messages)).rejects.toMatchObject({ code: 'llm.invalid_response' });
    fake.queue({
      status: 200,
      body: {
        choices: [{ message: { content: null, tool_calls: [{ id: 'c', function: { arguments: '{}' } }] } }],
      },
    });
    await expect(client().llm.chat(messages)).rejects.toMatchObject({ code: 'llm.invalid_response' });
    // Some compatible servers send the arguments as an object: read as its JSON text.
    fake.queue({
      status: 200,
      body: {
        choices: [
          { message: { tool_calls: [{ function: { name: 'escalate', arguments: { reason: 'x' } } }] } },
        ],
      },
    });
    expect((await client().llm.chat(messages)).toolCalls).toEqual([
      { id: 'call_0', name: 'escalate', arguments: '{"reason":"x"}' },
    ]);
  });
});
