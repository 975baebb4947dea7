import type { Command } from 'commander';
import type { TopicSection } from '../../core/schemas/topics.js';
import { type Context, contextFor } from '../context.js';
import { usageError } from '../errors.js';
import type { IO } from '../io.js';
import { renderTable } from '../render/table.js';
import { heading } from '../render/verses.js';

function printSections(ctx: Context, sections: TopicSection[]): void {
  const { c, wrap } = ctx.style;
  for (const s of sections) {
    ctx.out.line(wrap(c.bold(s.heading)));
    if (s.refs.length) ctx.out.line(wrap(s.refs.map((r) => r.ref).join('; '), 2, 2));
    if (s.see.length) ctx.out.line(wrap(c.dim(`See also: ${s.see.join(', ')}`), 2, 2));
  }
}

export async function runTopic(words: string[], ctx: Context): Promise<void> {
  const data = await (await ctx.client()).topicMerged(words.join(' '));
  if (ctx.globals.json) return ctx.json(data);
  for (const [i, source] of data.sources.entries()) {
    if (i > 0) ctx.out.line();
    heading(ctx, `${data.headword} (${source.id})`);
    printSections(ctx, source.sections);
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

export async function runTopicEntry(slug: string, opts: { source?: string }, ctx: Context): Promise<void> {
  const id = await ctx.resourceId('topics', opts.source);
  const data = await (await ctx.client()).topicEntry(id, slug);
  if (ctx.globals.json) return ctx.json(data);
  heading(ctx, `${data.headword} (${data.id})`);
  printSections(ctx, data.sections);
  ctx.out.attribution(data.attribution);
  await ctx.out.flush();
}

export function registerTopic(program: Command, io: IO): void {
  const source = ['--source <id>', 'topical work id (default: config, else the first in the catalog)'] as const;
  const topic = program
    .command('topic')
    .description('a topic across topical works: bible topic faith; also search, browse and entry')
    .argument('[headword...]')
    .action(async (words: string[], _o, cmd: Command) => {
      if (!words.length) return cmd.help({ error: true });
      return runTopic(words, await contextFor(io, cmd));
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
    .action(async (slug: string, opts: { source?: string }, cmd: Command) =>
      runTopicEntry(slug, opts, await contextFor(io, cmd)),
    );
}
