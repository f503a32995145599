import { bearerOf, type FakeHttpServer, startFakeHttp } from '../fake-http.ts';
import chatCompletion from './fixtures/chat-completion.json' with { type: 'json' };
import unauthorized from './fixtures/unauthorized.json' with { type: 'json' };

export interface FakeLlm extends FakeHttpServer {
  env: { LLM_BASE_URL: string; LLM_API_KEY: string };
}

/**
 * A local OpenAI-compatible Chat Completions server (tests and e2e only): POST /v1/chat/completions with
 * the bearer key answers the recorded completion; a wrong key gets OpenAI's 401.
 */
export async function startFakeLlm(options: { apiKey?: string } = {}): Promise<FakeLlm> {
  const apiKey = options.apiKey ?? 'sk-fake-llm';
  const server = await startFakeHttp((req) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return { status: 404, body: { error: { message: 'Unknown URL', type: 'invalid_request_error' } } };
    }
    if (bearerOf(req) !== apiKey) return unauthorized.response;
    const body = req.body as { model?: unknown; messages?: unknown } | null;
    if (typeof body?.model !== 'string' || !Array.isArray(body.messages)) {
      return { status: 400, body: { error: { message: 'model and messages are required' } } };
    }
    return chatCompletion.response;
  });
  return { ...server, env: { LLM_BASE_URL: `${server.base}/v1`, LLM_API_KEY: apiKey } };
}
