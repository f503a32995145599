import { AdapterError } from '../adapter-error.ts';
import { adapterFetch, readJson } from '../http.ts';
import type { AdapterTracker } from '../status.ts';

/** Where the knowledge starts in a concierge system prompt (JSON follows): the engine writes it, the fake reads it. */
export const KNOWLEDGE_MARK = 'KNOWLEDGE (JSON):';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A function the model may call (Chat Completions `tools[]`, type function, JSON-schema parameters). */
export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** `auto`: text or tools; `required`: at least one tool; or this one function. */
export type ToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

/** One call the model asked for; `arguments` is the JSON text as the model wrote it (it may be malformed). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** The assistant's message: its text (null when it only calls tools) and the tools it called. */
export interface ChatResult {
  content: string | null;
  toolCalls: ToolCall[];
}

export interface ChatOptions {
  tools?: ChatTool[];
  tool_choice?: ToolChoice;
  temperature?: number;
  /** This call's timeout (the concierge waits 8 s; the client's default otherwise). */
  timeoutMs?: number;
}

/** An OpenAI-compatible Chat Completions endpoint (`${LLM_BASE_URL}/chat/completions`). */
export interface LlmClient {
  /** The assistant's answer text; throws AdapterError 'llm.*' (no text in the answer: llm.invalid_response). */
  complete(messages: ChatMessage[], options?: { json?: boolean; temperature?: number }): Promise<string>;
  /**
   * One turn with tools: the assistant's text and tool calls. Throws AdapterError 'llm.*'; an answer with
   * neither text nor a well-formed tool call (no name, arguments not a string) is llm.invalid_response.
   */
  chat(messages: ChatMessage[], options?: ChatOptions): Promise<ChatResult>;
}

interface CompletionBody {
  choices?: {
    message?: {
      content?: unknown;
      tool_calls?: { id?: unknown; type?: unknown; function?: { name?: unknown; arguments?: unknown } }[];
    };
  }[];
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

  async function post(body: Record<string, unknown>, timeoutMs?: number): Promise<CompletionBody> {
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
        body: JSON.stringify({ model: opts.model, ...body }),
        timeoutMs: timeoutMs ?? opts.timeoutMs ?? 30_000,
      },
      opts.fetchImpl,
    );
    return readJson<CompletionBody>('llm', response);
  }

  return {
    complete(messages, options = {}) {
      return track(async () => {
        const body = await post({
          messages,
          ...(options.json ? { response_format: { type: 'json_object' } } : {}),
          ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        });
        const content = body.choices?.[0]?.message?.content;
        if (typeof content !== 'string')
          throw new AdapterError('llm', 'invalid_response', 'no message content');
        return content;
      });
    },

    chat(messages, options = {}) {
      return track(async () => {
        const body = await post(
          {
            messages,
            ...(options.tools?.length ? { tools: options.tools } : {}),
            ...(options.tools?.length && options.tool_choice ? { tool_choice: options.tool_choice } : {}),
            ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
          },
          options.timeoutMs,
        );
        const message = body.choices?.[0]?.message;
        if (!message) throw new AdapterError('llm', 'invalid_response', 'no message');
        const content = typeof message.content === 'string' ? message.content : null;
        const toolCalls: ToolCall[] = [];
        for (const [index, call] of (Array.isArray(message.tool_calls) ? message.tool_calls : []).entries()) {
          const name = call?.function?.name;
          const args = call?.function?.arguments;
          if (typeof name !== 'string')
            throw new AdapterError('llm', 'invalid_response', 'a tool call without a function name');
          toolCalls.push({
            id: typeof call.id === 'string' ? call.id : `call_${index}`,
            name,
            // Some compatible servers send the arguments as an object instead of its JSON text.
            arguments: typeof args === 'string' ? args : args === undefined ? '{}' : JSON.stringify(args),
          });
        }
        if (content === null && toolCalls.length === 0)
          throw new AdapterError('llm', 'invalid_response', 'neither content nor tool calls');
        return { content, toolCalls };
      });
    },
  };
}
