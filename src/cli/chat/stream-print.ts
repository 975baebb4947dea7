import type { Context } from '../context.js';
import { renderReply } from './render.js';

/**
 * A streamed reply on the terminal: each piece printed as it comes (plain text: markdown cannot
 * be laid out before it is whole), then what the finished reply adds (the sources line) — or,
 * when the service's reference check changed what was written, the checked reply in full.
 */
export function streamPrinter(ctx: Context, onFirst?: () => void) {
  let shown = '';
  return {
    onText(text: string): void {
      if (!shown) onFirst?.();
      shown += text;
      ctx.io.stdout.write(text);
    },
    get shown(): string {
      return shown;
    },
    async finish(message: string): Promise<void> {
      if (!shown) onFirst?.();
      if (message.startsWith(shown)) {
        ctx.io.stdout.write(`${message.slice(shown.length).trimEnd()}\n`);
        return;
      }
      const note = ctx.style.c.dim('(references checked against the canon; the reply as kept:)');
      ctx.io.stdout.write(`\n\n${note}\n${await renderReply(ctx, message)}`);
    },
  };
}
