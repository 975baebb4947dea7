import type { Command } from 'commander';
import { FIND_LIMIT_DEFAULT, FIND_LIMIT_MAX, FIND_QUESTION_MAX } from '../../core/limits.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { extension } from '../extension.js';
import type { Factory } from '../factory.js';
import { present } from '../present.js';
import { heading } from '../render/verses.js';

export async function runFind(
  words: string[],
  opts: { translation?: string; limit?: string },
  ctx: Context,
): Promise<void> {
  const question = words.join(' ').trim();
  if (!question) throw usageError('find needs a question, like: bible find love is patient');
  if (question.length > FIND_QUESTION_MAX) throw usageError(`a question is at most ${FIND_QUESTION_MAX} characters`);
  const limit = opts.limit === undefined ? FIND_LIMIT_DEFAULT : Number(opts.limit);
  if (!/^\d+$/.test(opts.limit ?? '1') || limit < 1 || limit > FIND_LIMIT_MAX) {
    throw usageError(`--limit must be an integer from 1 to ${FIND_LIMIT_MAX}`);
  }
  const translation = await ctx.resourceId('bible', opts.translation);
  const client = await ctx.client();
  const data = await extension(ctx, 'find', () => client.find(translation, question, limit));
  await present(ctx, data, () => {
    heading(ctx, `${data.query} (${data.translation.toUpperCase()})`);
    if (!data.results.length) ctx.out.line(ctx.style.c.dim('(nothing found)'));
    for (const r of data.results) {
      ctx.out.line();
      ctx.out.line(`${ctx.style.c.bold(r.ref)}  ${r.text}`);
      for (const why of r.why) ctx.out.line(ctx.style.c.dim(`  · ${why}`));
    }
  });
}

export function registerFind(program: Command, f: Factory): void {
  program
    .command('find')
    .description('the verses a question most likely means ("what does the Bible say about worry?")')
    .argument('<question...>', 'a question or a half-remembered line, in any words')
    .option('-t, --translation <id>', 'translation to show (default: config, else the first in the catalog)')
    .option('--limit <n>', `how many verses (1-${FIND_LIMIT_MAX})`, String(FIND_LIMIT_DEFAULT))
    .action(async (question: string[], opts: { translation?: string; limit?: string }) =>
      runFind(question, opts, await f.context()),
    );
}
