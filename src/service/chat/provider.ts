import type { PersonaId } from '../../core/personas.js';
import type { Metrics } from '../metrics.js';
import type { Grounding } from './retrieval.js';

export interface ChatTurnIn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ProviderRequest {
  persona: PersonaId;
  system: string;
  context: string;
  history: ChatTurnIn[];
  message: string;
  grounding: Grounding;
  maxTokens: number;
  signal?: AbortSignal;
  /** Told each piece of the reply as it is written, when the caller streams (the reply is still returned whole). */
  onText?: (text: string) => void;
}

export interface ProviderReply {
  text: string;
  model: string;
  /** The provider's own token counts, when it reports them. */
  usage?: { inputTokens: number; outputTokens: number };
  /** The part of the grounding the reply shows, when the provider knows (the offline responder). */
  used?: Grounding;
}

export interface ChatProvider {
  reply(req: ProviderRequest): Promise<ProviderReply>;
}

/** The model's failure, reported as 500 INTERNAL_ERROR (safe to retry). */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

/** The provider with each reply's time (and failure) counted for /metrics. */
export function timedProvider(provider: ChatProvider, metrics: Metrics): ChatProvider {
  return {
    async reply(req) {
      const started = performance.now();
      let ok = false;
      try {
        const reply = await provider.reply(req);
        ok = true;
        return reply;
      } finally {
        // A client that went away cut the call short: no measure of the provider either way.
        if (!req.signal?.aborted) metrics.providerCall((performance.now() - started) / 1000, ok);
      }
    },
  };
}
