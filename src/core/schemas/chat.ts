import { z } from 'zod';

import { PERSONAS } from '../personas.js';

export { PERSONAS };
export const Persona = z.enum(PERSONAS);
export type Persona = z.infer<typeof Persona>;

export const CHAT_MESSAGE_MAX = 10_000;
export const CHAT_HISTORY_MAX = 20;
/** Longest content of one history item: a past message or reply, as long as a message may be. */
export const CHAT_HISTORY_CONTENT_MAX = 10_000;
/**
 * Largest chat request body in bytes, read no further: a message and a full history of items at
 * their longest in any script (UTF-8, up to 3 bytes a character), with room for the JSON around them.
 */
export const CHAT_BODY_MAX_BYTES = 768 * 1024;

export const ChatTurn = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(CHAT_HISTORY_CONTENT_MAX),
});
export type ChatTurn = z.infer<typeof ChatTurn>;

export const ChatRequest = z
  .object({
    message: z.string().min(1).max(CHAT_MESSAGE_MAX),
    conversationHistory: z.array(ChatTurn).max(CHAT_HISTORY_MAX).optional(),
    persona: Persona.optional(),
    maxTokens: z.number().positive().optional().meta({ description: "Capped by the key's own limit" }),
  })
  .meta({ id: 'ChatRequest' });
export type ChatRequest = z.infer<typeof ChatRequest>;

const RateLimit = z.object({ limit: z.number(), remaining: z.number() });

export const ChatResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      message: z.string(),
      model: z.string(),
      usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
    }),
    meta: z.object({
      requestId: z.string(),
      latencyMs: z.number(),
      persona: Persona,
      rateLimits: z.object({ daily: RateLimit, monthly: RateLimit }),
    }),
  })
  .meta({ id: 'ChatResponse' });
export type ChatResponse = z.infer<typeof ChatResponse>;
