import type { Command } from 'commander';
import type { BibleClient } from '../../client/client.js';
import { BibleApiError } from '../../client/errors.js';
import type { PassageResult } from '../../core/schemas/bible.js';
import type { MergedTopic, TopicEntry, TopicSection } from '../../core/schemas/topics.js';
import { quoted } from '../../core/text/quoted.js';
import type { Context } from '../context.js';
import { orDeadEnd } from '../elsewhere.js';
import { usageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { present } from '../present.js';
import { passagesOf, type TextOptions } from '../references.js';
import { printTable } from '../render/table.js';
import { heading, printPassages } from '../render/verses.js';
import { everydayEntry, isNotFound, loneSeeAlso } from './topic-fallback.js';

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
    // A section that is only a cross-reference ("See" → CARE, "OF CHILDREN FOR PARENTS: See" →
    // CHILDREN) is one line, not a heading left dangling over an empty "See".
    if (!s.refs.length && s.see.length) {
      const head = s.heading.replace(/[:\s]*see( also)?$/i, '').trim();
      const see = `see ${s.see.join(', ')}`;
      ctx.out.line(wrap(head ? `${c.bold(head)} ${c.dim(`(${see})`)}` : c.dim(`See also: ${s.see.join(', ')}`)));
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

/** The topical work (--source) of `bible topic`'s subcommands. */
export interface SourceOption {
  source?: string;
}

export async function runTopic(opts: TextOptions & { words: string[] }, ctx: Context): Promise<void> {
  const client = await ctx.client();
  const q = opts.words.join(' ');
  let data: MergedTopic;
  try {
    data = await client.topicMerged(q);
  } catch (err) {
    const everyday = isNotFound(err) ? await everydayEntry(client, q) : undefined;
    if (!everyday) return void (await orDeadEnd(client, Promise.reject(err), q, 'topics'));
    return showEntry(ctx, everyday, opts);
  }
  const see = loneSeeAlso(data);
  if (see) {
    const followed = await client.topicMerged(see).catch(() => undefined);
    if (followed) {
      ctx.notice(`${data.headword}: see ${followed.headword}`);
      data = followed;
    }
  }
  const texts = await Promise.all(data.sources.map((s) => sectionTexts(ctx, s.sections, opts)));
  await present(
    ctx,
    data,
    () => {
      for (const [i, source] of data.sources.entries()) {
        if (i > 0) ctx.out.line();
        heading(ctx, `${data.headword} (${source.id})`);
        printSections(ctx, source.sections, texts[i]);
        ctx.out.attribution(source.attribution);
      }
    },
    // Each source's line is under its own sections.
    { json: opts.text ? { ...data, texts } : data, attribution: [] },
  );
}

async function printHits(ctx: Context, hits: Array<{ slug: string; headword: string }>, empty: string) {
  if (!hits.length) ctx.out.line(empty);
  else
    await printTable(
      ctx,
      ['Slug', 'Headword'],
      hits.map((h) => [h.slug, h.headword]),
    );
}

export async function runTopicSearch(opts: SourceOption & { q: string }, ctx: Context): Promise<void> {
  const { q } = opts;
  const client = await ctx.client();
  if (opts.source !== undefined) {
    const id = await ctx.resourceId('topics', opts.source);
    await present(ctx, await client.topicSearch(id, q), (data) =>
      printHits(ctx, data.results, `No topics in ${id} match ${quoted(q)}.`),
    );
    return;
  }
  // Every topical work: "worry" is no headword of Nave's, but is of Everyday Topics.
  const works = (await client.catalog()).topics;
  const found = await Promise.all(works.map(async (w) => ({ id: w.id, ...(await client.topicSearch(w.id, q)) })));
  await present(
    ctx,
    found,
    async () => {
      const rows = found.flatMap((f) => f.results.map((h) => [h.slug, h.headword, f.id]));
      if (!rows.length) ctx.out.line(`No topics match ${quoted(q)}.`);
      else await printTable(ctx, ['Slug', 'Headword', 'Work'], rows);
    },
    { attribution: found.filter((f) => f.results.length).map((f) => f.attribution) },
  );
}

/** Commander's parser for the letter of `topic browse`. */
function letterOf(text: string): string {
  if (!/^[A-Za-z]$/.test(text)) throw usageError(`browse takes one letter A-Z (got ${quoted(text)})`);
  return text;
}

export async function runTopicBrowse(opts: SourceOption & { letter: string }, ctx: Context): Promise<void> {
  const { letter } = opts;
  const id = await ctx.resourceId('topics', opts.source);
  await present(ctx, await (await ctx.client()).topicBrowse(id, letter), (data) =>
    printHits(ctx, data.entries, `No topics in ${id} begin with ${data.letter}.`),
  );
}

export async function runTopicEntry(opts: SourceOption & TextOptions & { slug: string }, ctx: Context): Promise<void> {
  const id = await ctx.resourceId('topics', opts.source);
  const client = await ctx.client();
  await showEntry(ctx, await topicEntryAnywhere(client, id, opts.slug, opts.source === undefined), opts);
}

/** One topical work's entry, with the text of its references under --text. */
async function showEntry(ctx: Context, data: TopicEntry, opts: TextOptions): Promise<void> {
  const texts = await sectionTexts(ctx, data.sections, opts);
  await present(
    ctx,
    data,
    () => {
      heading(ctx, `${data.headword} (${data.id})`);
      printSections(ctx, data.sections, texts);
    },
    { json: opts.text ? { ...data, texts } : data },
  );
}

/**
 * The entry in the topical work, or, without --source, in another readable topical work that
 * has the slug (`bible topic entry anxiety-and-worry` is Everyday Topics', not Nave's, as the dead
 * end of `bible topic worry` names it); the first work's NOT_FOUND where none has it.
 */
async function topicEntryAnywhere(client: BibleClient, id: string, slug: string, anywhere: boolean) {
  try {
    return await client.topicEntry(id, slug);
  } catch (err) {
    if (!anywhere || !(err instanceof BibleApiError) || err.code !== 'NOT_FOUND') throw err;
    const others = (await client.catalog()).topics.filter((t) => t.id !== id);
    for (const t of others) {
      const found = await client.topicEntry(t.id, slug).catch(() => undefined);
      if (found) return found;
    }
    throw err;
  }
}

const TEXT = ['--text', 'print the text of every reference'] as const;
const TRANSLATION = ['-t, --translation <id>', 'translation for --text'] as const;

export function registerTopic(program: Command, f: Factory): void {
  const source = ['--source <id>', 'topical work id (default: config, else the first in the catalog)'] as const;
  const topic = program
    .command('topic')
    .description('a topic across topical works: bible topic faith; also search, browse and entry')
    .argument('[headword...]')
    .option(...TEXT)
    .option(...TRANSLATION)
    .action(async (words: string[], opts: TextOptions, cmd: Command) => {
      if (!words.length) return cmd.help({ error: true });
      return runTopic({ ...opts, words }, await f.context());
    });
  topic
    .command('search')
    .description('topics whose headword matches, in every topical work (or --source)')
    .argument('<text>')
    .option(...source)
    .action(async (q: string, opts: SourceOption) => runTopicSearch({ ...opts, q }, await f.context()));
  topic
    .command('browse')
    .description('every topic beginning with a letter')
    .argument('<letter>', 'A to Z', letterOf)
    .option(...source)
    .action(async (letter: string, opts: SourceOption) => runTopicBrowse({ ...opts, letter }, await f.context()));
  topic
    .command('entry')
    .description('one topic by its slug')
    .argument('<slug>')
    .option(...source)
    .option(...TEXT)
    .option(...TRANSLATION)
    .action(async (slug: string, opts: SourceOption & TextOptions) =>
      runTopicEntry({ ...opts, slug }, await f.context()),
    );
}
