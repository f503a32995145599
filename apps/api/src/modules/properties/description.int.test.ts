import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

interface Recorded {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; response_format?: unknown };
}

/** A local server that speaks the OpenAI Chat Completions protocol; each test sets what it answers. */
async function fakeChatCompletions() {
  const requests: Recorded[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server: Server = createServer(async (req, res) => {
    const text = await read(req);
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(text) });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answerWith(status: number, body: unknown) {
      answer = { status, body };
    },
    /** A Chat Completions answer whose assistant message is `content`. */
    completion(content: string) {
      return {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1_790_000_000,
        model: 'gpt-4o-mini',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 120, completion_tokens: 180, total_tokens: 300 },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const request = {
  tipo: 'villa',
  nombre: 'Villa Mar Azul',
  city: 'Marbella',
  services: ['wifi', 'parking'],
  guests: 8,
};

describe('generate a description with AI (OpenAI-compatible endpoint)', () => {
  let llm: Awaited<ReturnType<typeof fakeChatCompletions>>;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    llm = await fakeChatCompletions();
    t = await buildTestApp({
      env: { LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'sk-test-123', LLM_MODEL: 'small-model' },
    });
    token = await loginToken(t, (await createEmpresa(t)).email);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  const generate = (lang = 'es') =>
    t.app.inject({
      method: 'POST',
      url: '/api/properties/description/generate',
      headers: { ...bearer(token), 'accept-language': lang },
      payload: request,
    });

  it('asks the configured model for es, en and ar, and answers them', async () => {
    llm.answerWith(
      200,
      llm.completion(
        JSON.stringify({
          es: 'Villa con vistas al mar.',
          en: 'Villa with sea views.',
          ar: 'فيلا مطلة على البحر.',
        }),
      ),
    );
    const res = await generate();

    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      es: 'Villa con vistas al mar.',
      en: 'Villa with sea views.',
      ar: 'فيلا مطلة على البحر.',
    });
    const sent = llm.requests.at(-1);
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.authorization).toBe('Bearer sk-test-123');
    expect(sent?.body.model).toBe('small-model');
    expect(sent?.body.response_format).toEqual({ type: 'json_object' });
    const prompt = sent?.body.messages.at(-1)?.content ?? '';
    expect(prompt).toContain('Villa Mar Azul');
    expect(prompt).toContain('Marbella');
    expect(prompt).toContain('Wi-Fi');
  });

  it('reads a JSON object wrapped in a code fence', async () => {
    llm.answerWith(200, llm.completion('```json\n{"es": "Hola", "en": "Hello", "ar": "مرحبا"}\n```'));
    expect((await generate()).json().data).toEqual({ es: 'Hola', en: 'Hello', ar: 'مرحبا' });
  });

  it.each([
    ['a server error', 500, { error: { message: 'overloaded' } }],
    ['an answer that is not JSON', 200, 'not json'],
    ['a reply missing a language', 200, 'completion:{"es":"Hola","en":"Hello"}'],
    ['a reply with no JSON object', 200, 'completion:Lo siento, no puedo.'],
  ])('answers 502 with the spec text on %s', async (_what, status, body) => {
    const payload =
      typeof body === 'string' && body.startsWith('completion:') ? llm.completion(body.slice(11)) : body;
    llm.answerWith(status, payload);
    const res = await generate();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'ai.provider_error',
      message: 'Error al generar la descripción. Inténtalo nuevamente.',
    });
  });
});

describe('generate a description with AI, not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 saying so, in the caller language', async () => {
    const token = await loginToken(t, (await createEmpresa(t)).email);
    const call = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/properties/description/generate',
        headers: { ...bearer(token), 'accept-language': lang },
        payload: request,
      });
    const es = await call('es');
    expect(es.statusCode).toBe(503);
    expect(es.json()).toMatchObject({
      code: 'ai.not_configured',
      message: 'La generación de descripciones con IA no está configurada en este servidor.',
    });
    expect((await call('en')).json().message).toBe(
      'AI description generation is not configured on this server.',
    );
  });
});
