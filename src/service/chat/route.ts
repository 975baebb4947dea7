import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { PERSONAS, type PersonaId } from '../../core/personas.js';
import { CHAT_HISTORY_CONTENT_MAX, CHAT_HISTORY_MAX, CHAT_MESSAGE_MAX } from '../../core/schemas/chat.js';
import { authenticate } from '../auth.js';
import type { AppEnv, ServiceDeps } from '../context.js';
import { ApiError } from '../errors.js';
import { periods } from '../keys/key-store.js';
import { checkReferences } from './cited-references.js';
import { OfflineProvider } from './offline-provider.js';
import { OpenAiProvider, openAiSettings } from './openai-provider.js';
import { SYSTEM_PROMPTS } from './personas.js';
import { type ChatProvider, type ChatTurnIn, ProviderError } from './provider.js';
import { groundingText, retrieve } from './retrieval.js';

/** The attribution of every library resource the grounding drew on, for the reply's footer. */
function attributions(deps: ServiceDeps, g: ReturnType<typeof retrieve>): string[] {
  const used = new Set<string>();
  if (g.verses.length) used.add(g.translation);
  if (g.commentary) used.add(g.commentary.id);
  const all = deps.store.resources();
  if (g.topics.length) for (const r of all.filter((x) => x.kind === 'topics')) used.add(r.id);
  if (g.stories.length) used.add('stories');
  if (g.strongs.length)
    for (const s of g.strongs) used.add(s.number.startsWith('G') ? 'strongs-greek' : 'strongs-hebrew');
  return all.filter((r) => used.has(r.id)).map((r) => r.attribution);
}

/** Largest reply when no key sets one (the embedded local principal). */
const LOCAL_MAX_TOKENS = 2_048;

interface ValidRequest {
  message: string;
  history: ChatTurnIn[];
  persona: PersonaId;
  maxTokens?: number;
}

const invalid = (message: string) => new ApiError('INVALID_REQUEST', message);

/** The contract's chat request rules, each fault with its own message; an unknown persona is INVALID_PERSONA. */
export function validateChatRequest(body: unknown): ValidRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid('the body must be a JSON object');
  const b = body as Record<string, unknown>;
  if (typeof b.message !== 'string') throw invalid("'message' must be a string");
  if (!b.message.trim()) throw invalid("'message' must not be empty");
  if (b.message.length > CHAT_MESSAGE_MAX)
    throw invalid(`'message' may be at most ${CHAT_MESSAGE_MAX} characters (got ${b.message.length})`);
  let history: ChatTurnIn[] = [];
  if (b.conversationHistory !== undefined) {
    if (!Array.isArray(b.conversationHistory)) throw invalid("'conversationHistory' must be an array");
    if (b.conversationHistory.length > CHAT_HISTORY_MAX) {
      throw invalid(
        `'conversationHistory' may hold at most ${CHAT_HISTORY_MAX} items (got ${b.conversationHistory.length})`,
      );
    }
    history = b.conversationHistory.map((t, i) => {
      const turn = t as { role?: unknown; content?: unknown };
      if (!turn || (turn.role !== 'user' && turn.role !== 'assistant') || typeof turn.content !== 'string') {
        throw invalid(`'conversationHistory[${i}]' must be {role: user|assistant, content: string}`);
      }
      if (turn.content.length > CHAT_HISTORY_CONTENT_MAX) {
        throw invalid(
          `'conversationHistory[${i}].content' may be at most ${CHAT_HISTORY_CONTENT_MAX} characters (got ${turn.content.length})`,
        );
      }
      return { role: turn.role, content: turn.content };
    });
  }
  let persona: PersonaId = 'default';
  if (b.persona !== undefined) {
    if (typeof b.persona !== 'string' || !PERSONAS.includes(b.persona as PersonaId)) {
      throw new ApiError('INVALID_PERSONA', `unknown persona '${String(b.persona)}': use ${PERSONAS.join(', ')}`);
    }
    persona = b.persona as PersonaId;
  }
  let maxTokens: number | undefined;
  if (b.maxTokens !== undefined) {
    if (typeof b.maxTokens !== 'number' || !Number.isFinite(b.maxTokens) || b.maxTokens <= 0) {
      throw invalid("'maxTokens' must be a positive number");
    }
    maxTokens = Math.floor(b.maxTokens) || 1;
  }
  return { message: b.message, history, persona, maxTokens };
}

/**
 * POST /v1/chat. The key in X-API-Key (Bearer also accepted, as on the data interface); errors
 * in the data interface's envelope. Daily and monthly message limits are taken atomically before
 * answering and given back if the answer fails.
 */
export function chatRoutes(app: Hono<AppEnv>, deps: ServiceDeps, env: NodeJS.ProcessEnv) {
  const settings = openAiSettings(env);
  const provider: ChatProvider = settings ? new OpenAiProvider(settings) : new OfflineProvider();

  app.post('/v1/chat', authenticate(deps, { allowBearer: true }), async (c) => {
    const started = performance.now();
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw invalid('the body must be JSON (Content-Type: application/json)');
    }
    const req = validateChatRequest(body);
    const key = c.get('principal').key;
    const { day, month, dailyReset, monthlyReset } = periods();
    let rateLimits = { daily: { limit: -1, remaining: -1 }, monthly: { limit: -1, remaining: -1 } };
    if (key && deps.keys) {
      const taken = deps.keys.takeChat(key.id, day, month, key.chatDaily, key.chatMonthly);
      if ('refused' in taken) {
        if (taken.refused === 'daily') {
          throw new ApiError(
            'DAILY_LIMIT_EXCEEDED',
            `daily message limit of ${key.chatDaily} reached; it resets at ${dailyReset} (midnight UTC)`,
          );
        }
        throw new ApiError(
          'MONTHLY_LIMIT_EXCEEDED',
          `monthly message limit of ${key.chatMonthly} reached; it resets at ${monthlyReset} (the 1st, UTC)`,
        );
      }
      rateLimits = {
        daily: { limit: key.chatDaily, remaining: key.chatDaily - taken.daily },
        monthly: { limit: key.chatMonthly, remaining: key.chatMonthly - taken.monthly },
      };
    }
    const giveBack = () => {
      if (key && deps.keys) {
        deps.keys.giveBack(key.id, 'chat-daily', day);
        deps.keys.giveBack(key.id, 'chat-monthly', month);
      }
    };
    try {
      const cap = key?.maxTokens ?? LOCAL_MAX_TOKENS;
      const maxTokens = Math.min(req.maxTokens ?? cap, cap);
      const translation =
        deps.store.resources().find((r) => r.kind === 'bible' && r.id === 'kjv')?.id ??
        deps.store.resources().find((r) => r.kind === 'bible')?.id ??
        'kjv';
      const grounding = retrieve(deps.store, req.message, req.persona, translation);
      const system = SYSTEM_PROMPTS[req.persona];
      const context = groundingText(grounding);
      const reply = await provider.reply({
        persona: req.persona,
        system,
        context,
        history: req.history,
        message: req.message,
        grounding,
        maxTokens,
        signal: c.req.raw.signal,
      });
      // The tokenizer's tables are large: loaded with the first message, not with the service.
      const { tokenCount, truncateToTokens } = await import('./tokens.js');
      const checked = checkReferences(truncateToTokens(reply.text, maxTokens));
      const sources = attributions(deps, reply.used ?? grounding);
      if (sources.length) checked.text = `${checked.text}\n\n— Sources: ${sources.join(' ')}`;
      const usage = reply.usage ?? {
        inputTokens: tokenCount([system, context, ...req.history.map((t) => t.content), req.message].join('\n')),
        outputTokens: tokenCount(checked.text),
      };
      return c.json({
        success: true,
        data: { message: checked.text, model: reply.model, usage },
        meta: {
          requestId: `req_${randomUUID()}`,
          latencyMs: Math.round(performance.now() - started),
          persona: req.persona,
          rateLimits,
        },
      });
    } catch (err) {
      giveBack();
      if (err instanceof ProviderError) {
        deps.logError?.(err);
        throw new ApiError('INTERNAL_ERROR', `${err.message}; the request is safe to retry`);
      }
      throw err;
    }
  });
}
