import type { Command } from 'commander';
import { FIND_LIMIT_DEFAULT, FIND_LIMIT_MAX, FIND_QUESTION_MAX } from '../../core/limits.js';
import type { FindConfidence } from '../../core/schemas/find.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { EXTENSIONS, extension, serviceNamed } from '../extension.js';
import type { Factory } from '../factory.js';
import { wholeNumber } from '../flags.js';
import { present } from '../present.js';
import { spokenRef } from '../render/spoken-ref.js';
import { heading } from '../render/verses.js';
import { translationLanguage } from '../translation-language.js';

/** Said under the heading when the question's language has no translation in the library. */
const unreadLine = (language: string) =>
  `(the library has no translation in ${language}: the question was read in English)`;

/** `bible find`: the question's words, the translation to show and how many verses. */
export interface FindOptions {
  question: string[];
  translation?: string;
  limit: number;
  /** Show the weak matches where none answers the question well enough. */
  all?: boolean;
}

export async function runFind(opts: FindOptions, ctx: Context): Promise<void> {
  const question = opts.question.join(' ').trim();
  if (!question) throw usageError('find needs a question, like: bible find love is patient');
  if (question.length > FIND_QUESTION_MAX) throw usageError(`a question is at most ${FIND_QUESTION_MAX} characters`);
  const { limit } = opts;
  const translation = await ctx.resourceId('bible', opts.translation);
  const client = await ctx.client();
  // A translation named with -t is kept whatever the question's language; the default gives way
  // to one in the question's language (a Spanish question: the RV1909).
  const keep = opts.translation !== undefined;
  const data = await extension(ctx, EXTENSIONS.find, () => client.find(translation, question, limit, opts.all, keep));
  // A service that predates `all` answers without it: its matches are all it has, unfiltered.
  if (opts.all && data.all === undefined)
    ctx.notice(
      `${serviceNamed(ctx)} does not offer find --all (its find has no 'all' parameter): its matches are shown as it answered them`,
    );
  // One that predates `keep` answers a question in another language from a translation in it.
  if (keep && data.translation !== translation)
    ctx.notice(
      `${serviceNamed(ctx)} does not offer find -t whatever the question's language (its find has no 'keep' parameter): it answered from the ${data.translation.toUpperCase()}`,
    );
  const language = await translationLanguage(ctx, data.translation);
  await present(ctx, data, () => {
    heading(ctx, `${data.query} (${data.translation.toUpperCase()})`);
    if (data.unread) ctx.out.line(ctx.style.c.dim(unreadLine(data.unread)));
    if (data.note) ctx.out.line(ctx.style.wrap(data.note, 0, 0));
    else if (!data.results.length) ctx.out.line(ctx.style.c.dim('(nothing found)'));
    for (const r of data.results) {
      ctx.out.line();
      // Wrapped at words on a terminal, the text under the ref's indent and each reason under its own.
      const band = r.confidence ? `  ${ctx.style.c.dim(`(${confidenceLine(r.confidence)})`)}` : '';
      const ref = language ? spokenRef(r.ref, language) : r.ref;
      ctx.out.line(ctx.style.wrap(`${ctx.style.c.bold(ref)}  ${r.text}${band}`, 2, 0));
      for (const why of r.why) ctx.out.line(ctx.style.c.dim(ctx.style.wrap(`· ${why}`, 4, 2)));
    }
  });
}

/** A verse's confidence in words: "strong: answers worry, anxiety of 2". */
function confidenceLine(c: FindConfidence): string {
  const words = c.covers.map((w) => w.word);
  return `${c.band}${c.of ? `: answers ${words.length ? words.join(', ') : 'none'} of ${c.of} words` : ''}`;
}

export function registerFind(program: Command, f: Factory): void {
  program
    .command('find')
    .description('the verses a question most likely means ("what does the Bible say about worry?")')
    .argument('<question...>', 'a question or a half-remembered line, in any words')
    .option(
      '-t, --translation <id>',
      "translation to show, whatever the question's language (default: config, else the first in the catalog; a question in another language: a translation in it)",
    )
    .option(
      '--limit <n>',
      `how many verses (1-${FIND_LIMIT_MAX})`,
      wholeNumber(() => `--limit must be an integer from 1 to ${FIND_LIMIT_MAX}`, { min: 1, max: FIND_LIMIT_MAX }),
      FIND_LIMIT_DEFAULT,
    )
    .option('--all', 'show the weak matches where none answers the question well enough')
    .action(async (question: string[], opts: Omit<FindOptions, 'question'>) =>
      runFind({ ...opts, question }, await f.context()),
    );
}
