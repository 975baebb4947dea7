import { clearLine, cursorTo, moveCursor } from 'node:readline';
import type { Context } from '../context.js';
import { type ReplyParts, renderMarkdown, replyParts } from './render.js';

type Lexer = (text: string) => Array<{ type: string; raw: string }>;

/** The raw text of each markdown block of `text` (blank lines between them dropped). */
const blocks = (lex: Lexer, text: string) =>
  lex(text)
    .filter((t) => t.type !== 'space')
    .map((t) => t.raw.trim());

/**
 * A streamed reply on the terminal, shown once. The block being written (a paragraph, a list, a
 * quotation) is shown as plain words as they come, wrapped at the terminal's width and never split;
 * once the next block begins, it is erased and laid out as markdown in its place. When the reply
 * is finished, what the service's reference check changed in blocks already laid out is shown
 * under a note: only those blocks, not the whole reply again.
 */
export function streamPrinter(ctx: Context, onFirst?: () => void) {
  const out = ctx.io.stdout;
  const term = out as NodeJS.WritableStream & { rows?: number };
  const { width } = ctx.style;
  let shown = '';
  /** How much of `shown` is laid out as markdown, and how much fed to the plain preview. */
  let done = 0;
  let fed = 0;
  let laidOut = 0;
  // The plain preview of the block being written: its rows so far, the column, the unfinished word.
  let rows = 0;
  let col = 0;
  let word = '';
  let started = false;
  /** A preview taller than the screen cannot be erased: it stays as printed. */
  let tall = false;
  let lex: Lexer | undefined;
  let queue: Promise<void> = Promise.resolve();

  const erase = () => {
    if (!started) return;
    if (rows + 1 >= (term.rows ?? 24)) tall = true;
    else {
      // Line by line, not "clear to the end of the screen": tmux keeps a screen cleared from
      // its top in the scrollback (scroll-on-clear), where the preview would then stay.
      for (let row = rows; row >= 0; row--) {
        clearLine(out, 0);
        if (row) moveCursor(out, 0, -1);
      }
      cursorTo(out, 0);
    }
    rows = 0;
    col = 0;
    started = false;
  };
  const printWord = (w: string) => {
    if (!started) {
      started = true;
      if (laidOut || tall) {
        out.write('\n');
        rows = 1;
      }
    }
    if (col > 0 && col + 1 + w.length > width) {
      out.write('\n');
      rows++;
      col = 0;
    } else if (col > 0) {
      out.write(' ');
      col++;
    }
    out.write(w);
    col += w.length;
    if (col > width) {
      rows += Math.floor((col - 1) / width);
      col = ((col - 1) % width) + 1;
    }
  };
  const feed = (text: string) => {
    word += text;
    for (let m = /\s/.exec(word); m; m = /\s/.exec(word)) {
      const w = word.slice(0, m.index);
      word = word.slice(m.index + 1);
      if (w) printWord(w);
      if (m[0] === '\n' && started) {
        out.write('\n');
        rows++;
        col = 0;
      }
    }
  };
  const layOut = async (text: string) => {
    if (!text.trim()) return;
    out.write(`${laidOut ? '\n' : ''}${await renderMarkdown(ctx, text)}\n`);
    laidOut++;
  };
  /** The length of the finished blocks at the start of `live`: all but the last, once another has begun. */
  const finished = (live: string) => {
    const tokens = (lex as Lexer)(live);
    let last = tokens.length - 1;
    while (last >= 0 && tokens[last]?.type === 'space') last--;
    const raw = tokens
      .slice(0, Math.max(0, last))
      .map((t) => t.raw)
      .join('');
    return last > 0 && live.startsWith(raw) ? raw.length : 0;
  };
  const step = async () => {
    if (!lex) {
      const { Marked } = await import('marked');
      const marked = new Marked();
      lex = (text) => marked.lexer(text);
    }
    const ready = finished(shown.slice(done));
    if (ready) {
      erase();
      const text = shown.slice(done, done + ready);
      if (tall) tall = false;
      else await layOut(text);
      done += ready;
      word = '';
      fed = done;
    }
    feed(shown.slice(fed));
    fed = shown.length;
  };

  return {
    onText(text: string): void {
      if (!shown) onFirst?.();
      shown += text;
      if (!ctx.style.tty) {
        out.write(text);
        return;
      }
      queue = queue.then(step);
    },
    get shown(): string {
      return shown;
    },
    /** Cancelled: the unfinished word shown too, and the cursor on a line of its own. */
    async stop(): Promise<void> {
      await queue;
      if (word) printWord(word);
      out.write('\n');
    },
    /** The finished reply: what is still to show laid out, or what the reference check changed. */
    async finish(message: string): Promise<ReplyParts> {
      await queue;
      if (!shown) onFirst?.();
      const parts = replyParts(message);
      if (!ctx.style.tty) {
        out.write(`${message.slice(shown.length).trimEnd()}\n`);
        return parts;
      }
      const { body } = parts;
      const printed = shown.slice(0, done).trimEnd();
      if (body.startsWith(printed) || !lex) {
        if (tall) {
          if (word) printWord(word);
          out.write('\n');
        } else {
          erase();
          await layOut(body.slice(printed.length));
        }
        return parts;
      }
      erase();
      const before = blocks(lex, printed);
      const after = blocks(lex, body);
      let same = 0;
      while (same < before.length && before[same] === after[same]) same++;
      if (same === after.length) return parts;
      out.write(`\n${ctx.style.c.dim('(references checked against the canon; changed:)')}\n`);
      laidOut = 0;
      await layOut(after.slice(same).join('\n\n'));
      return parts;
    },
  };
}
