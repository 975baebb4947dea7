import type { Command } from 'commander';
import type { PassageResult } from '../../core/schemas/bible.js';
import type { TopicSection } from '../../core/schemas/topics.js';
import { type Context, contextFor } from '../context.js';
import { orDeadEnd } from '../elsewhere.js';
import { usageError } from '../errors.js';
import type { IO } from '../io.js';
import { passagesOf, type TextOptions } from '../references.js';
import { renderTable } from '../render/table.js';
import { heading, printPassages } from '../render/verses.js';

/** The text of every reference of the sections, when --text asks for it (one passage per reference, in order). */
async function sectionTexts(ctx: Context, sections: TopicSection[], opts: TextOptions) {
  if (!opts.text) return undefined;
  const translation = await ctx.resourceId('bible', opts.translation);
  return passagesOf(
    await ctx.client(),
    translation,
    sections.flatMap((s) => s.refs.map((r) => r.ref)),
  );
}

function printSections(ctx: Context, sections: TopicSection[], texts?: PassageResult): void {
  const { c, wrap } = ctx.style;
  let next = 0;
  for (const s of sections) {
    // A section that is only a cross-reference ("See" → CARE) is one line, not a heading left dangling.
    if (!s.refs.length && /^see( also)?$/i.test(s.heading.trim())) {
      ctx.out.line(wrap(c.dim(`See also: ${s.see.join(', ')}`)));
      continue;
    }
    ctx.out.line(wrap(c.bold(s.heading)));
    if (texts) {
      printPassages(ctx, texts.passages.slice(next, next + s.refs.length));
      next += s.refs.length;
      if (s.refs.length) ctx.out.line();
    } else if (s.refs.length) ctx.out.line(wrap(s.refs.map((r) => r.ref).join('; '), 2, 2));
    if (s.see.length) ctx.out.line(wrap(c.dim(`See also: ${s.see.join(', ')}`), 2, 2));
  }
  if (texts?.attribution) ctx.out.attribution(texts.attribution);
}

export async function runTopic(words: string[], opts: TextOptions, ctx: Context): Promise<void> {
  const client = await ctx.client();
  const q = words.join(' ');
  const data = await orDeadEnd(client, client.topicMerged(q), q, 'topics');
  const texts = await Promise.all(data.sources.map((s) => sectionTexts(ctx, s.sections, opts)));
  if (ctx.globals.json) return ctx.json(opts.text ? { ...data, texts } : data);
  for (const [i, source] of data.sources.entries()) {
    if (i > 0) ctx.out.line();
    heading(ctx, `${data.headword} (${source.id})`);
    printSections(ctx, source.sections, texts[i]);
    ctx.out.attribution(source.attribution);
  }
  await ctx.out.flush();
}

async function printHits(
  ctx: Context,
  hits: Array<{ slug: string; headword: string }>,
  empty: string,
  attribution: string,
) {
  if (!hits.length) ctx.out.line(empty);
  else
    for (const line of await renderTable(
      ctx.style,
      ['Slug', 'Headword'],
      hits.map((h) => [h.slug, h.headword]),
    ))
      ctx.out.line(line);
  ctx.out.attribution(attribution);
  await ctx.out.flush();
}

export async function runTopicSearch(q: string, opts: { source?: string }, ctx: Context): Promise<void> {
  const id = await ctx.resourceId('topics', opts.source);
  const data = await (await ctx.client()).topicSearch(id, q);
  if (ctx.globals.json) return ctx.json(data);
  await printHits(ctx, data.results, `No topics in ${id} match '${q}'.`, data.attribution);
}

export async function runTopicBrowse(letter: string, opts: { source?: string }, ctx: Context): Promise<void> {
  if (!/^[A-Za-z]$/.test(letter)) throw usageError(`browse takes one letter A-Z (got '${letter}')`);
  const id = await ctx.resourceId('topics', opts.source);
  const data = await (await ctx.client()).topicBrowse(id, letter);
  if (ctx.globals.json) return ctx.json(data);
  await printHits(ctx, data.entries, `No topics in ${id} begin with ${data.letter}.`, data.attribution);
}

export async function runTopicEntry(
  slug: string,
  opts: { source?: string } & TextOptions,
  ctx: Context,
): Promise<void> {
  const id = await ctx.resourceId('topics', opts.source);
  const data = await (await ctx.client()).topicEntry(id, slug);
  const texts = await sectionTexts(ctx, data.sections, opts);
  if (ctx.globals.json) return ctx.json(opts.text ? { ...data, texts } : data);
  heading(ctx, `${data.headword} (${data.id})`);
  printSections(ctx, data.sections, texts);
  ctx.out.attribution(data.attribution);
  await ctx.out.flush();
}

const TEXT = ['--text', 'print the text of every reference'] as const;
const TRANSLATION = ['-t, --translation <id>', 'translation for --text'] as const;

export function registerTopic(program: Command, io: IO): void {
  const source = ['--source <id>', 'topical work id (default: config, else the first in the catalog)'] as const;
  const topic = program
    .command('topic')
    .description('a topic across topical works: bible topic faith; also search, browse and entry')
    .argument('[headword...]')
    .option(...TEXT)
    .option(...TRANSLATION)
    .action(async (words: string[], opts: TextOptions, cmd: Command) => {
      if (!words.length) return cmd.help({ error: true });
      return runTopic(words, opts, await contextFor(io, cmd));
    });
  topic
    .command('search')
    .description('topics whose headword matches')
    .argument('<text>')
    .option(...source)
    .action(async (q: string, opts: { source?: string }, cmd: Command) =>
      runTopicSearch(q, opts, await contextFor(io, cmd)),
    );
  topic
    .command('browse')
    .description('every topic beginning with a letter')
    .argument('<letter>')
    .option(...source)
    .action(async (letter: string, opts: { source?: string }, cmd: Command) =>
      runTopicBrowse(letter, opts, await contextFor(io, cmd)),
    );
  topic
    .command('entry')
    .description('one topic by its slug')
    .argument('<slug>')
    .option(...source)
    .option(...TEXT)
    .option(...TRANSLATION)
    .action(async (slug: string, opts: { source?: string } & TextOptions, cmd: Command) =>
      runTopicEntry(slug, opts, await contextFor(io, cmd)),
    );
}
