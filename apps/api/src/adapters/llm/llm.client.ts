import { AdapterError } from '../adapter-error.ts';
import { adapterFetch, readJson } from '../http.ts';
import type { AdapterTracker } from '../status.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** An OpenAI-compatible Chat Completions endpoint (`${LLM_BASE_URL}/chat/completions`). */
export interface LlmClient {
  /** The assistant's answer text; throws AdapterError 'llm.*' (no text in the answer: llm.invalid_response). */
  complete(messages: ChatMessage[], options?: { json?: boolean; temperature?: number }): Promise<string>;
}

export function createLlmClient(opts: {
  /** LLM_BASE_URL, e.g. https://api.openai.com/v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  tracker?: AdapterTracker;
}): LlmClient {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const track = opts.tracker ? opts.tracker.track : <T>(call: () => Promise<T>) => call();
  return {
    complete(messages, options = {}) {
      return track(async () => {
        const response = await adapterFetch(
          'llm',
          url,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
            },
            body: JSON.stringify({
              model: opts.model,
              messages,
              ...(options.json ? { response_format: { type: 'json_object' } } : {}),
              ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
            }),
            timeoutMs: opts.timeoutMs ?? 30_000,
          },
          opts.fetchImpl,
        );
        const body = await readJson<{ choices?: { message?: { content?: unknown } }[] }>('llm', response);
        const content = body.choices?.[0]?.message?.content;
        if (typeof content !== 'string')
          throw new AdapterError('llm', 'invalid_response', 'no message content');
        return content;
      });
    },
  };
}
