import type { Command } from 'commander';
import type { DictionaryEntry } from '../../core/schemas/dictionary.js';
import { quoted } from '../../core/text/quoted.js';
import type { Context } from '../context.js';
import { deadEnd } from '../elsewhere.js';
import type { Factory } from '../factory.js';
import { boundedSearchText, wholeNumber } from '../flags.js';
import { present } from '../present.js';
import { printTable } from '../render/table.js';
import { heading } from '../render/verses.js';

function printEntry(ctx: Context, e: DictionaryEntry): void {
  heading(ctx, e.headword);
  for (const para of e.text.split('\n')) ctx.out.line(ctx.style.wrap(para));
}

/** The best hit's entry: the exact headword when the search finds it, else the first hit. */
/** The dictionary (-d) of `bible dictionary` and its subcommands. */
export interface DictionaryOption {
  dictionary?: string;
}

export async function runDictionary(opts: DictionaryOption & { word: string }, ctx: Context): Promise<void> {
  const word = boundedSearchText(opts.word);
  const client = await ctx.client();
  const id = await ctx.resourceId('dictionaries', opts.dictionary);
  const hits = await client.dictionarySearch(id, word);
  const best = hits.results.find((h) => h.headword.toLowerCase() === word.trim().toLowerCase()) ?? hits.results[0];
  if (!best) {
    throw await deadEnd(client, `no entry for ${quoted(word)} in ${id}`, word, 'dictionaries');
  }
  await present(ctx, await client.dictionaryEntry(id, best.idx), (entry) => printEntry(ctx, entry));
}

export async function runDictionarySearch(opts: DictionaryOption & { q: string }, ctx: Context): Promise<void> {
  const q = boundedSearchText(opts.q);
  const client = await ctx.client();
  const id = await ctx.resourceId('dictionaries', opts.dictionary);
  await present(ctx, await client.dictionarySearch(id, q), async (data) => {
    if (!data.results.length) ctx.out.line(`No headwords in ${id} start with ${quoted(q)}.`);
    else
      await printTable(
        ctx,
        ['Idx', 'Headword'],
        data.results.map((r) => [r.idx, r.headword]),
      );
  });
}

export async function runDictionaryEntry(opts: DictionaryOption & { idx: number }, ctx: Context): Promise<void> {
  const client = await ctx.client();
  const id = await ctx.resourceId('dictionaries', opts.dictionary);
  await present(ctx, await client.dictionaryEntry(id, opts.idx), (entry) => printEntry(ctx, entry));
}

export function registerDictionary(program: Command, f: Factory): void {
  const option = ['-d, --dictionary <id>', 'dictionary id (default: config, else the first in the catalog)'] as const;
  const dictionary = program
    .command('dictionary')
    .description('look a word up: bible dictionary wist; also search and entry')
    .argument('[word]')
    .option(...option)
    .action(async (word: string | undefined, opts: DictionaryOption, cmd: Command) => {
      if (!word) return cmd.help({ error: true });
      return runDictionary({ ...opts, word }, await f.context());
    });
  dictionary
    .command('search')
    .description('headwords that start with the text')
    .argument('<text>')
    .option(...option)
    .action(async (q: string, opts: DictionaryOption, cmd: Command) =>
      runDictionarySearch({ ...cmd.parent?.opts(), ...opts, q }, await f.context()),
    );
  dictionary
    .command('entry')
    .description('an entry by its index')
    .argument(
      '<idx>',
      'the index from dictionary search',
      wholeNumber((text) => `entry takes an index of at least 0 (got ${quoted(text)})`),
    )
    .option(...option)
    .action(async (idx: number, opts: DictionaryOption, cmd: Command) =>
      runDictionaryEntry({ ...cmd.parent?.opts(), ...opts, idx }, await f.context()),
    );
}
