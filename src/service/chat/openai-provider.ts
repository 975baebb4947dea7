import { PROVIDER_TIMEOUT_MS } from '../../core/schemas/chat.js';
import { SseReader } from '../../core/sse.js';
import { type ChatProvider, ProviderError, type ProviderReply, type ProviderRequest } from './provider.js';

export interface OpenAiSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/** The provider settings from BIBLE_LLM_BASE_URL, BIBLE_LLM_API_KEY, BIBLE_LLM_MODEL (and BIBLE_LLM_TIMEOUT_MS). */
export function openAiSettings(env: NodeJS.ProcessEnv): OpenAiSettings | undefined {
  if (!env.BIBLE_LLM_BASE_URL) return undefined;
  return {
    baseUrl: env.BIBLE_LLM_BASE_URL.replace(/\/+$/, ''),
    apiKey: env.BIBLE_LLM_API_KEY || undefined,
    model: env.BIBLE_LLM_MODEL || 'gpt-4o-mini',
    timeoutMs: Number(env.BIBLE_LLM_TIMEOUT_MS) > 0 ? Number(env.BIBLE_LLM_TIMEOUT_MS) : PROVIDER_TIMEOUT_MS,
  };
}

interface Completion {
  model?: string;
  choices?: Array<{ message?: { content?: string } }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

/**
 * Any OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's server, vLLM, OpenAI).
 * The grounding goes in a second system message; its failures and timeouts become ProviderError.
 */
export class OpenAiProvider implements ChatProvider {
  constructor(private readonly settings: OpenAiSettings) {}

  async reply(req: ProviderRequest): Promise<ProviderReply> {
    const { baseUrl, apiKey, model, timeoutMs } = this.settings;
    const messages = [
      { role: 'system', content: req.system },
      ...(req.context
        ? [
            {
              role: 'system',
              content: `Passages and notes from the library that bear on the question. Cite from these.\n\n${req.context}`,
            },
          ]
        : []),
      ...req.history.map((t) => ({ role: t.role, content: t.content })),
      { role: 'user', content: req.message },
    ];
    const signals = [AbortSignal.timeout(timeoutMs), ...(req.signal ? [req.signal] : [])];
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({
          model,
          messages,
          max_tokens: req.maxTokens,
          ...(req.onText ? { stream: true, stream_options: { include_usage: true } } : {}),
        }),
        signal: AbortSignal.any(signals),
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new ProviderError(
        timedOut
          ? `the language model did not answer within ${timeoutMs} ms`
          : 'the language model could not be reached',
      );
    }
    if (!res.ok) throw new ProviderError(`the language model answered HTTP ${res.status}`);
    if (req.onText && res.body && /^text\/event-stream/i.test(res.headers.get('content-type') ?? ''))
      return this.streamed(res.body, req.onText, model);
    let body: Completion;
    try {
      body = (await res.json()) as Completion;
    } catch {
      throw new ProviderError('the language model sent an answer that is not JSON');
    }
    const text = body.choices?.[0]?.message?.content;
    if (typeof text !== 'string' || !text.trim()) throw new ProviderError('the language model sent no reply');
    const u = body.usage;
    return {
      text,
      model: body.model ?? model,
      usage:
        typeof u?.prompt_tokens === 'number' && typeof u?.completion_tokens === 'number'
          ? { inputTokens: u.prompt_tokens, outputTokens: u.completion_tokens }
          : undefined,
    };
  }

  /**
   * OpenAI's streaming protocol: server-sent events, each `data:` a chunk whose
   * choices[0].delta.content is the next piece, the last (with stream_options.include_usage) the
   * usage, then `data: [DONE]`. Each piece is told as it comes; the reply is the pieces joined.
   */
  private async streamed(body: ReadableStream<Uint8Array>, onText: (text: string) => void, model: string) {
    let text = '';
    let named = model;
    let usage: ProviderReply['usage'];
    const decoder = new TextDecoder();
    const events = new SseReader((_event, raw) => {
      const data = raw.trim();
      if (!data || data === '[DONE]') return;
      let chunk: Completion & { choices?: Array<{ delta?: { content?: string } }> };
      try {
        chunk = JSON.parse(data);
      } catch {
        throw new ProviderError('the language model sent a stream event that is not JSON');
      }
      if (chunk.model) named = chunk.model;
      const piece = chunk.choices?.[0]?.delta?.content;
      if (typeof piece === 'string' && piece) {
        text += piece;
        onText(piece);
      }
      const u = chunk.usage;
      if (typeof u?.prompt_tokens === 'number' && typeof u?.completion_tokens === 'number')
        usage = { inputTokens: u.prompt_tokens, outputTokens: u.completion_tokens };
    });
    try {
      for await (const bytes of body as unknown as AsyncIterable<Uint8Array>)
        events.push(decoder.decode(bytes, { stream: true }));
      events.end();
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      // Cancelled by the caller: what came is kept.
      if (!text) throw new ProviderError('the language model stream broke off');
    }
    if (!text.trim()) throw new ProviderError('the language model sent no reply');
    return { text, model: named, usage };
  }
}
