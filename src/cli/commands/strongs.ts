import type { Command } from 'commander';
import type { StrongsEntry } from '../../core/schemas/strongs.js';
import { fold } from '../../core/search/matches.js';
import { quoted } from '../../core/text/quoted.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { boundedSearchText, choiceOption, oneOf } from '../flags.js';
import { present } from '../present.js';
import { printTable } from '../render/table.js';
import { type ConcordanceOptions, concordanceOptions, runConcordance, strongsNumber } from './concordance.js';

function printEntry(ctx: Context, e: StrongsEntry): void {
  const { c, wrap } = ctx.style;
  ctx.out.line(`${c.bold(e.number)}  ${e.lemma}  ${c.italic(e.transliteration)}  ${c.dim(`(${e.lexicon})`)}`);
  ctx.out.line(wrap(`${c.bold('Gloss:')} ${e.gloss}`));
  ctx.out.line(wrap(e.definition));
}

/** `bible strongs <number>`: the number as `strongsNumber` parsed it. */
export interface StrongsOptions {
  number: string;
}

export async function runStrongs(opts: StrongsOptions, ctx: Context): Promise<void> {
  await present(ctx, await (await ctx.client()).strongs(opts.number), (data) => printEntry(ctx, data));
}

/** A word rather than a number: two letters or more (accents too), as a transliteration or an English word is written. */
const WORD = /^\p{L}[\p{L}\p{M}'’-]+$/u;

/** Commander's parser for `bible strongs <number-or-word>`: a Strong's number (upper case), or a word as given. */
export function numberOrWord(text: string): string {
  return WORD.test(text) ? text : strongsNumber(text);
}

/**
 * The entry a word names: the search's first result whose transliteration is the word, accents
 * aside ("agape" → G26 agápē), else undefined. Through the contract's search, so it works on any
 * service.
 */
async function entryNamed(word: string, ctx: Context): Promise<string | undefined> {
  const found = await (await ctx.client()).strongsSearch(word);
  return found.results.find((e) => fold(e.transliteration) === fold(word))?.number;
}

const LEXICONS = ['greek', 'hebrew'] as const;

export interface StrongsSearchOptions {
  q: string;
  lex?: (typeof LEXICONS)[number];
}

export async function runStrongsSearch(opts: StrongsSearchOptions, ctx: Context): Promise<void> {
  const { q } = opts;
  if (q.trim().length < 2) throw usageError('the search needs at least 2 characters');
  boundedSearchText(q);
  await present(ctx, await (await ctx.client()).strongsSearch(q, opts.lex), async (data) => {
    if (!data.results.length) ctx.out.line(`No Strong's entries match ${quoted(q)}.`);
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
      .description("Strong's lexicon: bible strongs G26 (or agape), or bible strongs search <text>")
      .argument(
        '[number-or-word]',
        'G or H and 1-5 digits, or a transliteration (agape): its entry, else the search for the word',
        numberOrWord,
      )
      .option('--verses', 'the verses of the number, as `bible concordance` prints them'),
  ).action(
    async (
      number: string | undefined,
      opts: Omit<ConcordanceOptions, 'number'> & { verses?: boolean },
      cmd: Command,
    ) => {
      if (!number) return cmd.help({ error: true });
      const ctx = await f.context();
      if (WORD.test(number)) {
        // A transliteration names its entry; any other word is searched for, as `strongs search` does.
        const named = await entryNamed(number, ctx);
        if (!named && opts.verses)
          throw usageError(
            `${quoted(number)} names no Strong's entry; --verses takes a number or a transliteration, like G26 or agape`,
          );
        if (!named) return runStrongsSearch({ q: number }, ctx);
        number = named;
      }
      return opts.verses ? runConcordance({ ...opts, number }, ctx) : runStrongs({ number }, ctx);
    },
  );
  strongs
    .command('search')
    .description('search lemma, transliteration, gloss and definition')
    .argument('<text>')
    .addOption(
      choiceOption('--lex <lexicon>', oneOf(LEXICONS), LEXICONS, { message: () => `--lex must be ${oneOf(LEXICONS)}` }),
    )
    .action(async (q: string, opts: Omit<StrongsSearchOptions, 'q'>) =>
      runStrongsSearch({ ...opts, q }, await f.context()),
    );
}
