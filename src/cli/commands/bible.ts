import type { Command } from 'commander';
import { checkChapter, resolveBook } from '../../core/reference/reference.js';
import { type Context, contextFor } from '../context.js';
import { usageError } from '../errors.js';
import type { IO } from '../io.js';
import { fetchPassages, missingNote, oneReference, referencesFromArgs } from '../references.js';
import { renderTable } from '../render/table.js';
import { heading, printVerses } from '../render/verses.js';

export interface TranslationOptions {
  translation?: string;
}

export async function runPassage(refs: string[], opts: TranslationOptions, ctx: Context): Promise<void> {
  const typed = await referencesFromArgs(refs);
  const client = await ctx.client();
  const translation = await ctx.resourceId('bible', opts.translation);
  const data = await fetchPassages(client, translation, typed);
  if (ctx.globals.json) return ctx.json(data);
  data.passages.forEach((p, i) => {
    if (i > 0) ctx.out.line();
    const multiChapter = new Set(p.verses.map((v) => v.chapter)).size > 1;
    heading(ctx, `${p.ref} (${data.translation.toUpperCase()})`);
    printVerses(ctx, p.verses, multiChapter);
    const gap = missingNote(typed[i]?.ref, p.verses, data.translation);
    if (gap) ctx.out.line(ctx.style.c.dim(gap));
  });
  ctx.out.attribution(data.attribution);
  await ctx.out.flush();
}

function chapterNumber(text: string): number {
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1)
    throw usageError(`chapter must be a number of at least 1 (got '${text}')`);
  return Number(text);
}

export async function runChapter(
  bookText: string,
  chapterText: string,
  opts: TranslationOptions,
  ctx: Context,
): Promise<void> {
  const book = resolveBook(bookText);
  const chapter = chapterNumber(chapterText);
  checkChapter(book, chapter);
  const client = await ctx.client();
  const translation = await ctx.resourceId('bible', opts.translation);
  const data = await client.chapter(translation, book.name, chapter);
  if (ctx.globals.json) return ctx.json(data);
  heading(ctx, `${data.book.name} ${data.chapter} (${data.translation.toUpperCase()})`);
  printVerses(ctx, data.verses);
  ctx.out.attribution(data.attribution);
  await ctx.out.flush();
}

export async function runBooks(ctx: Context): Promise<void> {
  const data = await (await ctx.client()).books();
  if (ctx.globals.json) return ctx.json(data);
  const rows = data.books.map((b) => [
    b.number,
    b.name,
    b.chapters,
    b.verseCounts.reduce((a, n) => a + n, 0),
    b.abbreviations.slice(0, 4).join(', '),
  ]);
  for (const line of await renderTable(ctx.style, ['#', 'Book', 'Chapters', 'Verses', 'Abbreviations'], rows))
    ctx.out.line(line);
  await ctx.out.flush();
}

export async function runCatalog(ctx: Context): Promise<void> {
  const data = await (await ctx.client()).catalog();
  if (ctx.globals.json) return ctx.json(data);
  const rows: string[][] = [];
  const add = (kind: string, items: Array<{ id: string; name: string }> | null) => {
    for (const item of items ?? []) rows.push([kind, item.id, item.name]);
  };
  add('bible', data.bible);
  add('commentary', data.commentaries);
  add('dictionary', data.dictionaries);
  add('topics', data.topics);
  add('lexicon', data.lexicons);
  add('crossrefs', data.crossrefs ? [data.crossrefs] : null);
  add('stories', data.stories ? [data.stories] : null);
  for (const line of await renderTable(ctx.style, ['Kind', 'Id', 'Name'], rows)) ctx.out.line(line);
  await ctx.out.flush();
}

export function registerBible(program: Command, io: IO): void {
  program
    .command('passage')
    .description('look up passages: bible passage "John 3:16" "Rom 5:8-10", or "Gen 1-3; Ps 23"')
    .argument('<ref...>', 'references (Book c, Book c:v, Book c:v-v, Book c:v-c:v, Book c-c)')
    .option('-t, --translation <id>', 'translation id (default: config, else the first in the catalog)')
    .action(async (refs: string[], opts: TranslationOptions, cmd: Command) =>
      runPassage(refs, opts, await contextFor(io, cmd)),
    );
  program
    .command('chapter')
    .alias('read')
    .description('read a whole chapter')
    .argument('<book...>', 'book number, name or abbreviation, then the chapter number')
    .option('-t, --translation <id>', 'translation id')
    .action(async (words: string[], opts: TranslationOptions, cmd: Command) => {
      // "John 3", "John 3" quoted, "Jn ch 3" or "John 3:16" (its chapter): any one reference names a chapter.
      const ref = await oneReference(words, 'chapter needs one book and chapter: bible chapter John 3');
      return runChapter(ref.book.name, String(ref.start.chapter), opts, await contextFor(io, cmd));
    });
  program
    .command('books')
    .description('the 66 books with chapters, verses and abbreviations')
    .action(async (_o, cmd: Command) => runBooks(await contextFor(io, cmd)));
  program
    .command('catalog')
    .description('what the service lets you read')
    .action(async (_o, cmd: Command) => runCatalog(await contextFor(io, cmd)));
}
