import { z } from 'zod';

import { PERSONAS } from '../personas.js';

export { PERSONAS };
export const Persona = z.enum(PERSONAS);
export type Persona = z.infer<typeof Persona>;

import {
  CHAT_BODY_MAX_BYTES,
  CHAT_HISTORY_CONTENT_MAX,
  CHAT_HISTORY_MAX,
  CHAT_MESSAGE_MAX,
  CHAT_TRANSLATION_MAX,
  PROVIDER_TIMEOUT_MS,
} from '../limits.js';
import { quoted } from '../text/quoted.js';

export { CHAT_BODY_MAX_BYTES, CHAT_HISTORY_CONTENT_MAX, CHAT_HISTORY_MAX, CHAT_MESSAGE_MAX, PROVIDER_TIMEOUT_MS };

// The messages say what a field must be; the service names the field before them.
const MUST_BE_TURN = 'must be {role: user|assistant, content: string}';

export const ChatTurn = z.object(
  {
    role: z.enum(['user', 'assistant'], { error: MUST_BE_TURN }),
    content: z.string({ error: MUST_BE_TURN }).max(CHAT_HISTORY_CONTENT_MAX, {
      error: (iss) => `may be at most ${CHAT_HISTORY_CONTENT_MAX} characters (got ${(iss.input as string).length})`,
    }),
  },
  { error: MUST_BE_TURN },
);
export type ChatTurn = z.infer<typeof ChatTurn>;

export const ChatRequest = z
  .object(
    {
      message: z
        .string({ error: 'must be a string' })
        .min(1, 'must not be empty')
        .max(CHAT_MESSAGE_MAX, {
          error: (iss) => `may be at most ${CHAT_MESSAGE_MAX} characters (got ${(iss.input as string).length})`,
        })
        .refine((m) => m.trim().length > 0, 'must not be empty'),
      conversationHistory: z
        .array(ChatTurn, { error: 'must be an array' })
        .max(CHAT_HISTORY_MAX, {
          error: (iss) => `may hold at most ${CHAT_HISTORY_MAX} items (got ${(iss.input as unknown[]).length})`,
        })
        .optional(),
      // An unknown persona is INVALID_PERSONA rather than INVALID_REQUEST (the service's validation hook).
      persona: z
        .enum(PERSONAS, { error: (iss) => `unknown persona ${quoted(String(iss.input))}: use ${PERSONAS.join(', ')}` })
        .optional(),
      maxTokens: z
        .number({ error: 'must be a positive number' })
        .positive('must be a positive number')
        .optional()
        .meta({ description: "Capped by the key's own limit" }),
      translation: z
        .string({ error: 'must be a string' })
        .max(CHAT_TRANSLATION_MAX, `may be at most ${CHAT_TRANSLATION_MAX} characters`)
        .optional()
        .meta({
          description:
            "An extension to the contract: the Bible translation to quote, one the key may read (else 400), whatever the question's language. Without it the service chooses (a question in another language: a translation in it, where the key may read one).",
        }),
      stream: z.boolean({ error: 'must be true or false' }).optional().meta({
        description:
          'An extension to the contract: true answers text/event-stream, a `text` event per piece of the reply as the model writes it ({"text": …}), then one `done` event carrying the whole contract response (or an `error` event carrying the error envelope). Without it the response is exactly the contract\'s.',
      }),
    },
    { error: 'the body must be a JSON object' },
  )
  .meta({
    id: 'ChatRequest',
    description: `Sent as Content-Type: application/json; the whole body at most ${CHAT_BODY_MAX_BYTES} bytes, read no further (else 400 INVALID_REQUEST). The message and each history item's content at most ${CHAT_MESSAGE_MAX} characters.`,
  });
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
      translation: z.string().optional().meta({
        description:
          "An extension to the contract: the request's `translation`, quoted, echoed where the request named one (a client can tell a service that ignored it)",
      }),
    }),
  })
  .meta({ id: 'ChatResponse' });
export type ChatResponse = z.infer<typeof ChatResponse>;
