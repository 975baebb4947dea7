import type { Command } from 'commander';
import { quoted } from '../../core/text/quoted.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { EXTENSIONS, extension } from '../extension.js';
import type { Factory } from '../factory.js';
import { fetchPages, pageOptions, TTY_PAGE } from '../paging.js';
import { present } from '../present.js';
import { flowItems } from '../render/wrap.js';
import { printCounts, printHits, printMore } from './search.js';

export interface ConcordanceOptions {
  /** As `strongsNumber` parsed it: upper case. */
  number: string;
  translation?: string;
  limit?: number | 'all';
  offset?: number;
}

/** Commander's parser for a Strong's number argument: G or H and 1 to 5 digits, given in upper case. */
export function strongsNumber(text: string): string {
  if (!/^[GHgh]\d{1,5}$/.test(text))
    throw usageError(`${quoted(text)} is not a Strong's number: G or H and 1 to 5 digits, like G26 or H430`);
  return text.toUpperCase();
}

export async function runConcordance(opts: ConcordanceOptions, ctx: Context): Promise<void> {
  const { number, limit, offset = 0 } = opts;
  const wanted = limit === 'all' ? undefined : (limit ?? (ctx.atTerminal ? TTY_PAGE : undefined));
  const client = await ctx.client();
  // With neither a flag nor a setting the service picks its first tagged translation (the
  // catalog's first may carry no Strong's numbers), so only a chosen id goes through resourceId.
  const translation =
    opts.translation || ctx.config.translation ? await ctx.resourceId('bible', opts.translation) : undefined;
  const data = await extension(ctx, EXTENSIONS.strongsVerses, () =>
    fetchPages(
      (pageLimit, pageOffset) => client.strongsVerses(number, { translation, limit: pageLimit, offset: pageOffset }),
      (page) => page.verses,
      wanted,
      offset,
    ),
  );
  await present(ctx, data, () => {
    const { c, wrap } = ctx.style;
    ctx.out.line(`${c.bold(data.number)}  ${data.lemma}  ${c.italic(data.transliteration)}  ${data.gloss}`);
    const renderings = data.renderings.map((r) => `${r.word} ×${r.count}`);
    // On a terminal each rendering is kept whole on a line ("loveth ×20", never "loveth" then "×20").
    if (renderings.length && ctx.style.tty) {
      const items = [c.bold('Rendered:'), ...renderings.map((r, i) => (i < renderings.length - 1 ? `${r},` : r))];
      for (const line of flowItems(items, ctx.style.width, ' ', 2)) ctx.out.line(line);
    } else if (renderings.length) ctx.out.line(wrap(`${c.bold('Rendered:')} ${renderings.join(', ')}`, 2, 0));
    // Tagged words, not Greek or Hebrew words: the KJV tags one word rendered "doth … love" twice.
    const tagged = `${data.occurrences} tagged word${data.occurrences === 1 ? '' : 's'}`;
    printCounts(ctx, `${data.verses} verse${data.verses === 1 ? '' : 's'}, ${tagged}`, data.byBook);
    if (data.results.length) {
      ctx.out.line();
      printHits(ctx, data.results);
      printMore(ctx, data.results.length, offset, data.verses);
    }
  });
}

/** The options `concordance` and `strongs --verses` share. */
export function concordanceOptions(command: Command): Command {
  return pageOptions(
    command.option(
      '-t, --translation <id>',
      "a Strong's-tagged translation: kjv, web or rv1909 (default: config, else the first)",
    ),
  );
}

export function registerConcordance(program: Command, f: Factory): void {
  concordanceOptions(
    program
      .command('concordance')
      .description("the verses of a Strong's number and the words that render it: bible concordance G25")
      .argument('<number>', 'G or H and 1-5 digits', strongsNumber),
  ).action(async (number: string, opts: Omit<ConcordanceOptions, 'number'>) =>
    runConcordance({ ...opts, number }, await f.context()),
  );
}
