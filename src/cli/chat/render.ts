import type { ChatResponse } from '../../core/schemas/chat.js';
import { OFFLINE_NOTE } from '../../service/chat/personas.js';
import type { Context } from '../context.js';

/** A line's paint codes, then its indent and list marker. */
const LINE_START = new RegExp(`^((?:${String.fromCharCode(27)}\\[[0-9;]*m)*)(\\s*(?:(?:[*-]|\\d+\\.)\\s+)?)`);

/** What the service puts before the attributions it adds at the end of every reply. */
const SOURCES_MARK = '\n\n— Sources: ';

/** A reply taken apart: what was written, the attributions the service added, and whether the offline note was there. */
export interface ReplyParts {
  body: string;
  sources?: string;
  offline: boolean;
}

export function replyParts(message: string): ReplyParts {
  const at = message.lastIndexOf(SOURCES_MARK);
  let body = at < 0 ? message : message.slice(0, at);
  const sources = at < 0 ? undefined : message.slice(at + SOURCES_MARK.length).trim();
  const offline = body.includes(OFFLINE_NOTE);
  if (offline) body = body.replace(OFFLINE_NOTE, '');
  return { body: body.trim(), sources, offline };
}

/** The offline note as the terminal shows it, once a session. */
export const offlineNote = (ctx: Context) => ctx.style.c.dim(OFFLINE_NOTE.replace(/^_|_$/g, ''));

/**
 * Markdown laid out for the terminal (marked-terminal, loaded only then) and fitted to its width.
 * marked-terminal's own reflow leaves list items unwrapped and block quotes indented after
 * wrapping (wider than the terminal), so it is left off and every line is wrapped here at its
 * words, continuing under its own indent (a quotation's, a list item's text).
 */
export async function renderMarkdown(ctx: Context, text: string): Promise<string> {
  const [{ Marked }, { markedTerminal }, wrapAnsi] = await Promise.all([
    import('marked'),
    import('marked-terminal'),
    import('wrap-ansi').then((m) => m.default),
  ]);
  const marked = new Marked();
  const { width } = ctx.style;
  marked.use(markedTerminal({ width, reflowText: false }) as never);
  const rendered = (await marked.parse(text)).trimEnd();
  const { stripVTControlCharacters } = await import('node:util');
  return rendered
    .split('\n')
    .map((line) => {
      if (stripVTControlCharacters(line).length <= width) return line;
      // The indent a wrapped row keeps: the line's leading spaces and list marker, after any paint.
      const [whole = '', paint = '', lead = ''] = LINE_START.exec(line) ?? [];
      const indent = Math.min(lead.length, Math.floor(width / 2));
      const rows = wrapAnsi(paint + line.slice(whole.length), width - indent, { hard: false, trim: true }).split('\n');
      return rows.map((row, i) => `${i === 0 ? lead.slice(0, indent) : ' '.repeat(indent)}${row}`).join('\n');
    })
    .join('\n');
}

/** A whole reply as markdown on a terminal; as it is when piped. */
export async function renderReply(ctx: Context, text: string): Promise<string> {
  if (!ctx.style.tty) return `${text.trim()}\n`;
  return `${await renderMarkdown(ctx, text)}\n`;
}

/**
 * The sources of a reply in a line: the names of the works whose attributions the service added
 * (from the catalog), with where the attributions themselves are.
 */
export async function sourcesLine(ctx: Context, sources: string, whereFull: string): Promise<string> {
  let names: string[] = [];
  try {
    const catalog = await (await ctx.client()).catalog();
    names = Object.values(catalog)
      .flat()
      .filter((r) => r && typeof r === 'object' && 'attribution' in r)
      .filter((r) => r.attribution && sources.includes(r.attribution))
      .map((r) => r.name);
  } catch {
    // no catalog: the line says only where the attributions are
  }
  const named = names.length ? [...new Set(names)].join(', ') : `${sources.slice(0, 40).trimEnd()}…`;
  return ctx.style.wrap(ctx.style.c.dim(`Sources: ${named} (${whereFull})`));
}

/** "daily 97/100 left · monthly 1997/2000 left", or no limits for the embedded library. */
export function limitsLine(meta: ChatResponse['meta'], persona: string = meta.persona): string {
  const { daily, monthly } = meta.rateLimits;
  if (daily.limit < 0 && monthly.limit < 0) return `${persona} · no message limits (embedded library)`;
  return `${persona} · daily ${daily.remaining}/${daily.limit} left · monthly ${monthly.remaining}/${monthly.limit} left`;
}
