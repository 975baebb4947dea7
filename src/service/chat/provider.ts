import type { PersonaId } from '../../core/personas.js';
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
