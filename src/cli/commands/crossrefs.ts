import type { Command } from 'commander';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { present } from '../present.js';
import { oneReference, passagesOf, type TextOptions } from '../references.js';
import { heading, printPassages } from '../render/verses.js';

/** `bible crossrefs`: the words of one verse; with `text`, each reference's passage in `translation`. */
export interface CrossrefsOptions extends TextOptions {
  ref: string[];
}

export async function runCrossrefs(opts: CrossrefsOptions, ctx: Context): Promise<void> {
  const ref = await oneReference(opts.ref, 'crossrefs takes one verse, like John 3:16');
  if (ref.start.chapter !== ref.end.chapter || ref.start.verse !== ref.end.verse) {
    throw usageError('crossrefs takes one verse, like John 3:16');
  }
  const client = await ctx.client();
  const data = await client.crossrefs(ref.book.name, ref.start.chapter, ref.start.verse);
  const title = `Cross-references of ${data.book} ${data.chapter}:${data.verse}`;
  if (!opts.text)
    return present(ctx, data, () => {
      heading(ctx, title);
      if (!data.refs.length) ctx.out.line('(none)');
      for (const r of data.refs) ctx.out.line(`  ${r}`);
    });
  const translation = await ctx.resourceId('bible', opts.translation);
  // The Treasury's references are numbered as the KJV numbers verses: each is read in the
  // translation's own numbering by libsword's mapping (a Synodal Bible's Psalm 50 for the KJV's 51).
  const { passages, attribution } = await passagesOf(client, translation, data.refs, 'KJV');
  await present(
    ctx,
    data,
    () => {
      heading(ctx, title);
      printPassages(ctx, passages);
    },
    { json: { ...data, passages }, attribution: [data.attribution, attribution] },
  );
}

export function registerCrossrefs(program: Command, f: Factory): void {
  program
    .command('crossrefs')
    .description('cross-references of a verse (Treasury of Scripture Knowledge)')
    .argument('<ref...>', 'one verse')
    .option('--text', 'print each referenced passage')
    .option('-t, --translation <id>', 'translation for --text')
    .action(async (ref: string[], opts: TextOptions) => runCrossrefs({ ...opts, ref }, await f.context()));
}
