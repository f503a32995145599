import {
  bearerOf,
  type FakeAnswer,
  type FakeHttpServer,
  type RecordedRequest,
  startFakeHttp,
} from '../fake-http.ts';
import chatCompletion from './fixtures/chat-completion.json' with { type: 'json' };
import unauthorized from './fixtures/unauthorized.json' with { type: 'json' };
import { type ChatRequestBody, completionBody, type FakeChatReply, ruleReply } from './llm.fake-rules.ts';

export type { ChatRequestBody, FakeChatReply, FakeToolCall } from './llm.fake-rules.ts';

/** A script's answer: a reply (made into a completion), or a whole HTTP answer (status and body). */
export type FakeLlmAnswer = FakeChatReply | FakeAnswer;
export type FakeLlmScript = (request: ChatRequestBody, raw: RecordedRequest) => FakeLlmAnswer;

export interface FakeLlm extends FakeHttpServer {
  env: { LLM_BASE_URL: string; LLM_API_KEY: string };
  /** Answers every further valid request with `script` (null: back to the default answers). */
  script(script: FakeLlmScript | null): void;
  /** The next valid requests get these answers, in order, before the script or the default. */
  queue(...answers: FakeLlmAnswer[]): void;
  /** The bodies of the Chat Completions requests received (with the bearer key), oldest first. */
  chatRequests(): ChatRequestBody[];
}

const isHttpAnswer = (answer: FakeLlmAnswer): answer is FakeAnswer =>
  typeof (answer as FakeAnswer).status === 'number';

/**
 * A local OpenAI-compatible Chat Completions server (tests, e2e and the bench only): POST
 * /v1/chat/completions with the bearer key. By default a request without tools answers the recorded
 * completion (the description generator) and a request with tools is answered by the rule mode
 * (`llm.fake-rules.ts`: an offered action the guest asks for, else the best matching entry of the
 * prompt's knowledge, cited, else escalate). `queue` and `script` answer anything else; a wrong key gets
 * OpenAI's 401.
 */
export async function startFakeLlm(options: { apiKey?: string } = {}): Promise<FakeLlm> {
  const apiKey = options.apiKey ?? 'sk-fake-llm';
  const queued: FakeLlmAnswer[] = [];
  let current: FakeLlmScript | null = null;
  const server = await startFakeHttp((req) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return { status: 404, body: { error: { message: 'Unknown URL', type: 'invalid_request_error' } } };
    }
    if (bearerOf(req) !== apiKey) return unauthorized.response;
    const body = req.body as ChatRequestBody | null;
    if (typeof body?.model !== 'string' || !Array.isArray(body.messages)) {
      return { status: 400, body: { error: { message: 'model and messages are required' } } };
    }
    if (body.tool_choice !== undefined && !Array.isArray(body.tools)) {
      return {
        status: 400,
        body: { error: { message: 'tool_choice is only allowed when tools are given' } },
      };
    }
    const answer = queued.shift() ?? current?.(body, req);
    if (answer)
      return isHttpAnswer(answer) ? answer : { status: 200, body: completionBody(answer, body.model) };
    if (body.tools?.length) return { status: 200, body: completionBody(ruleReply(body), body.model) };
    return chatCompletion.response;
  });
  return {
    ...server,
    env: { LLM_BASE_URL: `${server.base}/v1`, LLM_API_KEY: apiKey },
    script(script) {
      current = script;
    },
    queue(...answers) {
      queued.push(...answers);
    },
    chatRequests() {
      return server.requests
        .filter((r) => r.url === '/v1/chat/completions' && bearerOf(r) === apiKey)
        .map((r) => r.body as ChatRequestBody);
    },
  };
}
