import type { Command } from 'commander';
import type { SearchResult } from '../../core/schemas/search.js';
import { parseSearchQuery, SearchQueryError } from '../../core/search/query.js';
import { parseScope } from '../../core/search/scope.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { EXTENSIONS, extension } from '../extension.js';
import type { Factory } from '../factory.js';
import { fetchPages, pageOptions, TTY_PAGE } from '../paging.js';
import { present } from '../present.js';
import { canonChart } from '../render/canon-chart.js';
import { highlight } from '../render/highlight.js';
import { shellWord } from '../shell-word.js';

export interface SearchOptions {
  /** The shell's words of the query (see queryFromArgs). */
  query: string[];
  translation?: string;
  in?: string;
  stem?: boolean;
  rank?: boolean;
  limit?: number | 'all';
  offset?: number;
  count?: boolean;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Options of `search` that take a value: the word after them is theirs, not the query's. */
const VALUE_OPTIONS = new Set(['-t', '--translation', '--in', '--limit', '--offset']);

/**
 * The command line of `search` with the query's exclusions (`-fear`, `-thee`) moved behind a
 * `--`, so commander reads them as words, not as short options (`-thee` would be `-t hee`).
 */
export function searchArgv(args: string[]): string[] {
  const options: string[] = [];
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      words.push(...args.slice(i + 1));
      break;
    }
    if (VALUE_OPTIONS.has(arg)) {
      options.push(arg, ...args.slice(i + 1, i + 2));
      i++;
    } else if (arg.startsWith('--') || arg === '-h') options.push(arg);
    else words.push(arg);
  }
  return words.length ? [...options, '--', ...words] : options;
}

/**
 * The query from the shell's words. The shell takes the quotes off `bible search "God so
 * loved"`; a word with spaces that uses none of the query language was a phrase, so it is
 * quoted again (`-"a phrase"` likewise). One word with the language in it is read as written.
 */
export function queryFromArgs(args: string[]): string {
  return args
    .map((arg) => {
      const negated = arg.startsWith('-') && !arg.startsWith('--');
      const body = negated ? arg.slice(1) : arg;
      if (!/\s/.test(body.trim()) || /["*]|(^|\s)-|\b(OR|AND|NOT)\b/.test(body)) return arg;
      return `${negated ? '-' : ''}"${body.trim()}"`;
    })
    .join(' ');
}

/** The header, the counts per book (a chart on a terminal, a line per book when piped). */
export function printCounts(ctx: Context, title: string, byBook: SearchResult['byBook']): void {
  const { c, tty } = ctx.style;
  ctx.out.line(c.bold(title));
  if (!byBook.length) return;
  if (tty) for (const line of canonChart(ctx.style, byBook)) ctx.out.line(line);
  else for (const b of byBook) ctx.out.line(`${b.book}\t${b.count}`);
}

/** The verses of a page, the ref first, the matched words painted on a terminal. */
export function printHits(
  ctx: Context,
  hits: Array<{ ref: string; text: string; title?: string; words: string[] }>,
): void {
  const { c, wrap, color } = ctx.style;
  const paint = (s: string) => c.bold(c.yellow(s));
  // Uncoloured, painting changes nothing: skip the scan (3-8 ms of a piped search or concordance).
  const marked = (text: string, words: string[]) => (color ? highlight(text, words, paint) : text);
  // A psalm's title is part of its verse (a search may find it there): it comes first, in italics.
  const title = (h: { title?: string; words: string[] }) => (h.title ? `${c.italic(marked(h.title, h.words))} ` : '');
  for (const h of hits) ctx.out.line(wrap(`${c.dim(h.ref)}  ${title(h)}${marked(h.text, h.words)}`, 2, 0));
}

/** Under a partial page on a terminal: how to see the rest. */
export function printMore(ctx: Context, shown: number, offset: number, total: number): void {
  if (offset + shown >= total || !shown) return;
  ctx.out.line();
  ctx.out.line(
    ctx.style.c.dim(
      ctx.style.wrap(
        `${offset + 1}-${offset + shown} of ${total}: --offset ${offset + shown} for the next, --limit all for every one`,
      ),
    ),
  );
}

export async function runSearch(opts: SearchOptions, ctx: Context): Promise<void> {
  const q = queryFromArgs(opts.query);
  try {
    parseSearchQuery(q);
    parseScope(opts.in);
  } catch (err) {
    if (err instanceof SearchQueryError) throw usageError(err.message);
    throw err;
  }
  const { limit, offset = 0 } = opts;
  if (opts.count && limit !== undefined) throw usageError('--count prints only the counts; leave out --limit');
  const asked = opts.count ? 0 : limit === 'all' ? undefined : (limit ?? (ctx.atTerminal ? TTY_PAGE : undefined));
  // Each page of `--limit all` is a request of its own; the service keeps the search's matches in
  // order (src/library/store/match-list.ts), so a page after the first reads only its own verses.
  const client = await ctx.client();
  const translation = await ctx.resourceId('bible', opts.translation);
  const data = await extension(ctx, EXTENSIONS.search, () =>
    fetchPages(
      (pageLimit, pageOffset) =>
        client.search(translation, q, {
          in: opts.in,
          stem: opts.stem,
          order: opts.rank ? 'relevance' : undefined,
          limit: pageLimit,
          offset: pageOffset,
        }),
      (page) => page.total,
      asked,
      offset,
    ),
  );
  await present(ctx, data, () => {
    const where = opts.in ? ` in ${opts.in}` : '';
    printCounts(
      ctx,
      `${plural(data.total, 'verse')} for ${q} in ${data.translation.toUpperCase()}${where}`,
      data.byBook,
    );
    if (!opts.count && data.results.length) {
      ctx.out.line();
      printHits(
        ctx,
        data.results.map((r) => ({ ref: r.ref, text: r.text, title: r.title, words: r.matches })),
      );
      printMore(ctx, data.results.length, offset, data.total);
    }
  });
  // Exact words find nothing: the question reader may (a misspelt name, today's words for the
  // KJV's). After the count, which a terminal shows first; with the translation asked for.
  if (!data.total && !opts.in && !ctx.globals.json) {
    const question = opts.query.join(' ');
    const t = opts.translation ? ` -t ${shellWord(opts.translation)}` : '';
    const dashes = question.startsWith('-') ? '-- ' : '';
    ctx.notice(
      `no verse holds those words as written; \`bible find${t} ${dashes}${shellWord(question)}\` reads them as a question`,
    );
  }
}

export function registerSearch(program: Command, f: Factory): void {
  const search = program
    .command('search')
    .description('search the verses: bible search faith love, "God so loved", angel OR angels, -fear, bless*, G25')
    .argument('<query...>', 'whole words (all required), "a phrase", a OR b, -word, word*, a Strong\'s number')
    .option('-t, --translation <id>', 'translation id (default: config, else the first in the catalog)')
    .option(
      '--in <scope>',
      'ot, nt, a group (law, history, poetry, prophets, gospels, paul, epistles, deuterocanon), a book (Rom) or a range (Matt-John); commas join several',
    )
    .option('--stem', 'also match inflections (love, loved, loveth, lovest)')
    .option('--rank', 'most relevant first (default: canonical order)')
    .option('--count', 'print only the total and the count per book');
  pageOptions(search).action(async (query: string[], opts: Omit<SearchOptions, 'query'>) =>
    runSearch({ ...opts, query }, await f.context()),
  );
  const parseOptions = search.parseOptions.bind(search);
  search.parseOptions = (argv: string[]) => parseOptions(searchArgv(argv));
}
