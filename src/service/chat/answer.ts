import type { ChatRequest, ChatResponse } from '../../core/schemas/chat.js';
import { quoted } from '../../core/text/quoted.js';
import { EVERYDAY_TOPICS, headwordTopics } from '../../library/import/known-modules.js';
import { keyPrincipal, LOCAL_PRINCIPAL, type ServiceDeps } from '../context.js';
import { ApiError, invalid } from '../errors.js';
import type { KeyRecord } from '../keys/keys.js';
import { checkReferences } from './cited-references.js';
import { groundingText } from './grounding-text.js';
import { SYSTEM_PROMPTS } from './personas.js';
import { type ChatProvider, ProviderError } from './provider.js';
import { retrieve } from './retrieval.js';

/** Largest reply when no key sets one (the embedded local principal). */
const LOCAL_MAX_TOKENS = 2_048;

/** What a key that may read no Bible translation is told, instead of someone else's text. */
export const NO_READABLE_BIBLE =
  'This key may read no Bible translation, so there is no Scripture to answer from. Ask the operator of this service for a key that includes one.';

/** The attribution of every library resource the grounding drew on, for the reply's footer. */
function attributions(deps: ServiceDeps, g: ReturnType<typeof retrieve>, canRead: (id: string) => boolean): string[] {
  const used = new Set<string>();
  if (g.verses.length) used.add(g.translation);
  if (g.commentary) used.add(g.commentary.id);
  for (const id of g.headings) used.add(id);
  const all = deps.store.resources().filter((r) => canRead(r.id));
  if (g.topics.length) used.add(headwordTopics(all)?.id ?? '');
  if (g.everyday) used.add(EVERYDAY_TOPICS.id);
  if (g.crossrefs) used.add(all.find((x) => x.kind === 'crossrefs')?.id ?? '');
  if (g.stories.length) used.add('stories');
  if (g.strongs.length)
    for (const s of g.strongs) used.add(s.number.startsWith('G') ? 'strongs-greek' : 'strongs-hebrew');
  return all.filter((r) => used.has(r.id)).map((r) => r.attribution);
}

/**
 * The client closed the connection before its answer: the provider's call was cut short by it, not
 * failed. An error answer (nobody reads it) so that the message is given back, never logged.
 */
const clientGone = () => new ApiError('INTERNAL_ERROR', 'the client closed the connection before the answer');

/**
 * One chat message answered: what the question touches retrieved from the library and given to
 * the provider as context, the reply cut to the key's token limit, its references checked
 * against the canon, and the sources' attribution added. A provider failure is 500 (safe to retry).
 */
export async function answerChat(
  deps: ServiceDeps,
  provider: ChatProvider,
  req: ChatRequest,
  options: { key: KeyRecord | null; signal?: AbortSignal; onText?: (text: string) => void },
): Promise<ChatResponse['data']> {
  const persona = req.persona ?? 'default';
  const history = req.conversationHistory ?? [];
  const cap = options.key?.maxTokens ?? LOCAL_MAX_TOKENS;
  const maxTokens = Math.min(req.maxTokens === undefined ? cap : Math.floor(req.maxTokens) || 1, cap);
  // Retrieval draws only on what the key may read: the chat must not quote what the data interface refuses.
  const principal = options.key ? keyPrincipal(options.key) : LOCAL_PRINCIPAL;
  const { canRead } = principal;
  const resources = deps.store.resources().filter((r) => canRead(r.id));
  // A translation the request names is quoted whatever the question's language; else the KJV or
  // the first readable, which gives way to one in the question's language.
  const named = req.translation?.toLowerCase();
  if (named !== undefined && !resources.some((r) => r.kind === 'bible' && r.id === named))
    throw invalid(`translation ${quoted(named)} is not a Bible translation this key may read`);
  const translation =
    named ??
    resources.find((r) => r.kind === 'bible' && r.id === 'kjv')?.id ??
    resources.find((r) => r.kind === 'bible')?.id;
  // The tokenizer's tables are large: the embedded CLI loads them with its first message; `bible
  // serve` before it listens (server.ts), so this import is then already done.
  const { tokenCount, truncateToTokens } = await import('./tokens.js');
  if (!translation) {
    const message = truncateToTokens(NO_READABLE_BIBLE, maxTokens);
    return { message, model: 'none', usage: { inputTokens: 0, outputTokens: tokenCount(message) } };
  }
  const grounding = retrieve(deps.store, req.message, persona, translation, resources, named !== undefined);
  const system = SYSTEM_PROMPTS[persona];
  const context = groundingText(grounding);
  let reply: Awaited<ReturnType<ChatProvider['reply']>>;
  try {
    reply = await provider.reply({
      persona,
      system,
      context,
      history,
      message: req.message,
      grounding,
      maxTokens,
      signal: options.signal,
      onText: options.onText,
    });
  } catch (err) {
    if (options.signal?.aborted) throw clientGone();
    if (!(err instanceof ProviderError)) throw err;
    deps.logError?.(err);
    throw new ApiError('INTERNAL_ERROR', `${err.message}; the request is safe to retry`);
  }
  // Gone while the model answered: not charged, whether or not the reply came first.
  if (options.signal?.aborted) throw clientGone();
  const checked = checkReferences(truncateToTokens(reply.text, maxTokens));
  const sources = attributions(deps, reply.used ?? grounding, canRead);
  if (sources.length) checked.text = `${checked.text}\n\n— Sources: ${sources.join(' ')}`;
  const usage = reply.usage ?? {
    inputTokens: tokenCount([system, context, ...history.map((t) => t.content), req.message].join('\n')),
    outputTokens: tokenCount(checked.text),
  };
  return { message: checked.text, model: reply.model, usage };
}
