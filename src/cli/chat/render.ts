import type { ChatResponse } from '../../core/schemas/chat.js';
import type { Context } from '../context.js';

/** A reply as markdown on a terminal (marked-terminal, loaded only then); as it is when piped. */
export async function renderReply(ctx: Context, text: string): Promise<string> {
  if (!ctx.style.tty) return `${text.trim()}\n`;
  const [{ Marked }, { markedTerminal }] = await Promise.all([import('marked'), import('marked-terminal')]);
  const marked = new Marked();
  // Block quotes are indented by four: wrap narrower so quoted verses fit the terminal.
  marked.use(markedTerminal({ width: ctx.style.width - 6, reflowText: true }) as never);
  return `${(await marked.parse(text)).trimEnd()}\n`;
}

/** "daily 97/100 left · monthly 1997/2000 left", or no limits for the embedded library. */
export function limitsLine(meta: ChatResponse['meta']): string {
  const { daily, monthly } = meta.rateLimits;
  if (daily.limit < 0 && monthly.limit < 0) return `${meta.persona} · no message limits (embedded library)`;
  return `${meta.persona} · daily ${daily.remaining}/${daily.limit} left · monthly ${monthly.remaining}/${monthly.limit} left`;
}
