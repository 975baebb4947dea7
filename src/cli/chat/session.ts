import type { ChatResponse } from '../../core/schemas/chat.js';
import type { Context } from '../context.js';
import type { Conversation } from './conversations.js';

/** One exchange: the user's turn saved, the request sent with the last 20 turns, the reply saved. */
export async function ask(
  ctx: Context,
  conversation: Conversation,
  message: string,
  options: { persona: string; maxTokens?: number; signal?: AbortSignal },
): Promise<ChatResponse> {
  const client = await ctx.client();
  const history = conversation.history(20);
  conversation.add({ role: 'user', content: message });
  const response = await client.chat(
    {
      message,
      conversationHistory: history,
      persona: options.persona as ChatResponse['meta']['persona'],
      ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
    },
    { signal: options.signal },
  );
  conversation.add({
    role: 'assistant',
    content: response.data.message,
    persona: response.meta.persona,
    model: response.data.model,
  });
  return response;
}
