import type { ChatResponse } from '../../core/schemas/chat.js';
import type { Context } from '../context.js';
import { serviceNamed } from '../extension.js';
import type { Conversation } from './conversations.js';

/**
 * One exchange: the user's turn saved, the request sent with the last 20 turns, the reply saved.
 * With `onText` the reply is streamed (the service's `stream` extension) and told piece by piece;
 * cancelled midway, what came is saved as the reply (marked stopped) before the cancel is thrown.
 */
export async function ask(
  ctx: Context,
  conversation: Conversation,
  message: string,
  options: {
    persona: string;
    maxTokens?: number;
    translation?: string;
    signal?: AbortSignal;
    onText?: (text: string) => void;
  },
): Promise<ChatResponse> {
  const client = await ctx.client();
  const history = conversation.history(20);
  conversation.add({ role: 'user', content: message });
  const request = {
    message,
    conversationHistory: history,
    persona: options.persona as ChatResponse['meta']['persona'],
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
    ...(options.translation !== undefined ? { translation: options.translation } : {}),
  };
  const onText = options.onText;
  let came = '';
  let response: ChatResponse;
  try {
    response = onText
      ? await client.chatStream(
          request,
          (text) => {
            // Pieces still in flight once cancelled are not shown or kept.
            if (options.signal?.aborted) return;
            came += text;
            onText(text);
          },
          { signal: options.signal },
        )
      : await client.chat(request, { signal: options.signal });
  } catch (err) {
    if (options.signal?.aborted && came.trim())
      conversation.add({ role: 'assistant', content: `${came} …(stopped)`, persona: options.persona });
    throw err;
  }
  // One that predates the `translation` field quotes a translation of its own choosing.
  if (options.translation !== undefined && response.meta.translation === undefined)
    ctx.notice(
      `${serviceNamed(ctx)} does not offer chat -t (its chat has no 'translation' field): it quoted a translation of its own choosing`,
    );
  conversation.add({
    role: 'assistant',
    content: response.data.message,
    persona: response.meta.persona,
    model: response.data.model,
  });
  return response;
}
