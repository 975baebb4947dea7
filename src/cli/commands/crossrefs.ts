import type { Command } from 'commander';
import { type Context, contextFor } from '../context.js';
import { usageError } from '../errors.js';
import type { IO } from '../io.js';
import { oneReference, passagesOf } from '../references.js';
import { heading, printPassages } from '../render/verses.js';

export async function runCrossrefs(
  words: string[],
  opts: { text?: boolean; translation?: string },
  ctx: Context,
): Promise<void> {
  const ref = await oneReference(words, 'crossrefs takes one verse, like John 3:16');
  if (ref.start.chapter !== ref.end.chapter || ref.start.verse !== ref.end.verse) {
    throw usageError('crossrefs takes one verse, like John 3:16');
  }
  const client = await ctx.client();
  const data = await client.crossrefs(ref.book.name, ref.start.chapter, ref.start.verse);
  if (ctx.globals.json && !opts.text) return ctx.json(data);
  const title = `Cross-references of ${data.book} ${data.chapter}:${data.verse}`;
  if (!opts.text) {
    heading(ctx, title);
    if (!data.refs.length) ctx.out.line('(none)');
    for (const r of data.refs) ctx.out.line(`  ${r}`);
    ctx.out.attribution(data.attribution);
    return ctx.out.flush();
  }
  const translation = await ctx.resourceId('bible', opts.translation);
  const { passages, attribution } = await passagesOf(client, translation, data.refs);
  if (ctx.globals.json) return ctx.json({ ...data, passages });
  heading(ctx, title);
  printPassages(ctx, passages);
  ctx.out.attribution(data.attribution);
  if (attribution) ctx.out.attribution(attribution);
  await ctx.out.flush();
}

export function registerCrossrefs(program: Command, io: IO): void {
  program
    .command('crossrefs')
    .description('cross-references of a verse (Treasury of Scripture Knowledge)')
    .argument('<ref...>', 'one verse')
    .option('--text', 'print each referenced passage')
    .option('-t, --translation <id>', 'translation for --text')
    .action(async (ref: string[], opts: { text?: boolean; translation?: string }, cmd: Command) =>
      runCrossrefs(ref, opts, await contextFor(io, cmd)),
    );
}
