import type { Command } from 'commander';
import type { StrongsEntry } from '../../core/schemas/strongs.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { present } from '../present.js';
import { printTable } from '../render/table.js';
import { type ConcordanceOptions, concordanceOptions, runConcordance } from './concordance.js';

function printEntry(ctx: Context, e: StrongsEntry): void {
  const { c, wrap } = ctx.style;
  ctx.out.line(`${c.bold(e.number)}  ${e.lemma}  ${c.italic(e.transliteration)}  ${c.dim(`(${e.lexicon})`)}`);
  ctx.out.line(wrap(`${c.bold('Gloss:')} ${e.gloss}`));
  ctx.out.line(wrap(e.definition));
}

export async function runStrongs(number: string, ctx: Context): Promise<void> {
  if (!/^[GHgh]\d{1,5}$/.test(number))
    throw usageError(`'${number}' is not a Strong's number: G or H and 1 to 5 digits, like G26 or H430`);
  await present(ctx, await (await ctx.client()).strongs(number.toUpperCase()), (data) => printEntry(ctx, data));
}

export async function runStrongsSearch(q: string, opts: { lex?: string }, ctx: Context): Promise<void> {
  if (opts.lex && !['greek', 'hebrew'].includes(opts.lex)) throw usageError('--lex must be greek or hebrew');
  if (q.trim().length < 2) throw usageError('the search needs at least 2 characters');
  await present(ctx, await (await ctx.client()).strongsSearch(q, opts.lex), async (data) => {
    if (!data.results.length) ctx.out.line(`No Strong's entries match '${q}'.`);
    else {
      const rows = data.results.map((e) => [e.number, e.lemma, e.transliteration, e.gloss]);
      await printTable(ctx, ['Number', 'Lemma', 'Transliteration', 'Gloss'], rows);
    }
  });
}

export function registerStrongs(program: Command, f: Factory): void {
  const strongs = concordanceOptions(
    program
      .command('strongs')
      .description("Strong's lexicon: bible strongs G26, or bible strongs search <text>")
      .argument('[number]', 'G or H and 1-5 digits')
      .option('--verses', 'the verses of the number, as `bible concordance` prints them'),
  ).action(async (number: string | undefined, opts: ConcordanceOptions & { verses?: boolean }, cmd: Command) => {
    if (!number) return cmd.help({ error: true });
    const ctx = await f.context();
    return opts.verses ? runConcordance(number, opts, ctx) : runStrongs(number, ctx);
  });
  strongs
    .command('search')
    .description('search lemma, transliteration, gloss and definition')
    .argument('<text>')
    .option('--lex <lexicon>', 'greek or hebrew')
    .action(async (q: string, opts: { lex?: string }) => runStrongsSearch(q, opts, await f.context()));
}
