import type { Command, Option } from 'commander';
import type { Chapter, PassageResult } from '../../core/schemas/bible.js';
import { quoted } from '../../core/text/quoted.js';
import { alignedChapter, chapterColumns } from '../aligned-chapter.js';
import type { Context } from '../context.js';
import { EXTENSIONS, extension } from '../extension.js';
import type { Factory } from '../factory.js';
import { choiceOption, oneOf } from '../flags.js';
import { missingNote } from '../missing-note.js';
import { translationNamedIn, withNamedTranslation } from '../named-translation.js';
import { present, presentPlain } from '../present.js';
import { fetchPassages, oneReference, referencesFromArgs } from '../references.js';
import { printParallel } from '../render/parallel.js';
import { spokenRef } from '../render/spoken-ref.js';
import {
  ADDED_STYLES,
  type AddedStyle,
  bracketed,
  includeFor,
  NoteList,
  printNotes,
  type StudyView,
  studyFormat,
} from '../render/study.js';
import { printTable } from '../render/table.js';
import { heading, printVerses } from '../render/verses.js';
import { translationLanguage } from '../translation-language.js';
import { translationNumbering } from '../translation-numbering.js';
import { NOTES_INLINE_HELP, verseMarks, withMarks } from '../verse-marks.js';
import { checkStudyFields, collectIds, studyViewOf, translationIds, withLocalNames } from './study-options.js';

/** A promise made on first call and shared by later ones. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** A verse as --plain prints it: its text, the supplied words in brackets when asked. */
function plainLine(verse: { text: string; added?: Array<{ start: number; end: number }> }, view: StudyView): string {
  return view.added === 'brackets' ? bracketed(verse.text, verse.added) : verse.text;
}

export interface TranslationOptions {
  /** One id, or several for a parallel view (`-t kjv,web` or `-t kjv -t web`). */
  translation?: string | string[];
  strongs?: boolean;
  headings?: boolean;
  notes?: boolean;
  /** false with --no-red-letter. */
  redLetter?: boolean;
  notesInline?: boolean;
  /** Only the verses' text, a line each; the attribution on stderr. */
  plain?: boolean;
  /** How the translators' supplied words show (default: italic where there is colour, else as plain text). */
  added?: AddedStyle;
}

/** `bible passage`: the references as the shell gave them, and how to show them. */
export interface PassageOptions extends TranslationOptions {
  refs: string[];
}

export async function runPassage(given: PassageOptions, ctx: Context): Promise<void> {
  const named = await translationNamedIn(await ctx.client(), given.refs);
  const opts = withNamedTranslation({ ...given, refs: named.refs }, named);
  const ids = once(() => translationIds(ctx, opts));
  // The first translation's numbering reads the references; the others are aligned to it.
  const numbering = translationNumbering(
    () => ctx.client(),
    async () => (await ids())[0] as string,
  );
  const typed = await referencesFromArgs(
    opts.refs,
    async () => translationLanguage(ctx, (await ids())[0] as string),
    numbering,
  );
  const client = await ctx.client();
  const translations = await ids();
  const view = studyViewOf(ctx, opts);
  await withLocalNames(ctx, view, translations);
  const results: PassageResult[] = [];
  // Each translation after the first is asked in the first's numbering: its own verses that hold
  // them come back, each with where it falls (`at`), so the parallel view aligns them.
  for (const [i, id] of translations.entries())
    results.push(await fetchPassages(client, id, typed, includeFor(view), i > 0 ? translations[0] : undefined));
  checkStudyFields(
    ctx,
    view,
    results.flatMap((r) => r.passages.flatMap((p) => p.verses)),
    opts,
  );
  const shown = {
    json: translations.length > 1 ? results : results[0],
    attribution: results.map((r) => r.attribution),
  };
  if (opts.plain && !ctx.globals.json) {
    const lines = results.flatMap((r) => r.passages.flatMap((p) => p.verses.map((v) => plainLine(v, view))));
    return presentPlain(ctx, lines, shown.attribution);
  }
  await present(
    ctx,
    results,
    async () => {
      const marks = await verseMarks(ctx, opts.notesInline);
      const notes = new NoteList();
      const first = results[0] as PassageResult;
      const language = await translationLanguage(ctx, first.translation);
      for (const [i, p] of first.passages.entries()) {
        if (i > 0) ctx.out.line();
        const multiChapter = new Set(p.verses.map((v) => v.chapter)).size > 1;
        const place = (v: { chapter?: number; v: number }) => `${p.verses[0]?.book ?? p.ref} ${v.chapter}:${v.v}`;
        heading(ctx, `${spokenRef(p.ref, language)} (${results.map((r) => r.translation.toUpperCase()).join(', ')})`);
        if (results.length > 1) {
          const columns = results.map((r) => ({ translation: r.translation, verses: r.passages[i]?.verses ?? [] }));
          await printParallel(ctx, columns, view, notes, multiChapter, place);
          continue;
        }
        const format = studyFormat(ctx.style.c, view, notes, place);
        printVerses(ctx, p.verses, multiChapter, withMarks(format, marks?.(p.verses[0]?.book ?? '')));
        // Counted by the translation's own numbering, asked only when the canon's counts miss verses.
        let gap = missingNote(typed[i], p.verses, first.translation, language);
        if (gap) gap = missingNote(typed[i], p.verses, first.translation, language, await numbering());
        if (gap) ctx.out.line(ctx.style.c.dim(gap));
      }
      printNotes(ctx, notes);
    },
    shown,
  );
}

/** `bible chapter`: the words naming one chapter ("John 3", "Jn ch 3", or a verse of it), and how to show it. */
export interface ChapterOptions extends TranslationOptions {
  words: string[];
}

export async function runChapter(given: ChapterOptions, ctx: Context): Promise<void> {
  const named = await translationNamedIn(await ctx.client(), given.words);
  const opts = withNamedTranslation({ ...given, words: named.refs }, named);
  const ids = once(() => translationIds(ctx, opts));
  const first = async () => (await ids())[0] as string;
  const ref = await oneReference(
    opts.words,
    'chapter needs one book and chapter: bible chapter John 3',
    async () => translationLanguage(ctx, await first()),
    translationNumbering(() => ctx.client(), first),
  );
  const { book } = ref;
  const chapter = ref.start.chapter;
  const client = await ctx.client();
  const translations = await ids();
  const view = studyViewOf(ctx, opts);
  await withLocalNames(ctx, view, translations);
  const results: Chapter[] = [await client.chapter(translations[0] as string, book.name, chapter, includeFor(view))];
  // The others are asked for the chapter as the first numbers it: their own verses that hold it, as parallel passages are.
  for (const id of translations.slice(1))
    results.push(await alignedChapter(client, id, results[0] as Chapter, includeFor(view)));
  checkStudyFields(
    ctx,
    view,
    results.flatMap((r) => r.verses),
    opts,
  );
  const shown = {
    json: translations.length > 1 ? results : results[0],
    attribution: results.map((r) => r.attribution),
  };
  if (opts.plain && !ctx.globals.json) {
    return presentPlain(
      ctx,
      results.flatMap((r) => r.verses.map((v) => plainLine(v, view))),
      shown.attribution,
    );
  }
  await present(
    ctx,
    results[0] as Chapter,
    async (data) => {
      const marks = await verseMarks(ctx, opts.notesInline);
      const notes = new NoteList();
      const place = (v: { v: number; chapter?: number }) => `${data.book.name} ${v.chapter ?? data.chapter}:${v.v}`;
      const language = await translationLanguage(ctx, data.translation);
      heading(
        ctx,
        `${spokenRef(`${data.book.name} ${data.chapter}`, language)} (${results.map((r) => r.translation.toUpperCase()).join(', ')})`,
      );
      if (results.length > 1) await printParallel(ctx, chapterColumns(results), view, notes, false, place);
      else {
        const format = studyFormat(ctx.style.c, view, notes, place);
        printVerses(ctx, data.verses, false, withMarks(format, marks?.(data.book.name, data.chapter)));
      }
      printNotes(ctx, notes);
    },
    shown,
  );
}

type BookRow = { number: number; name: string; chapters: number; verseCounts: number[]; abbreviations: string[] };

async function printBooks(ctx: Context, books: BookRow[]): Promise<void> {
  const rows = books.map((b) => [
    b.number,
    b.name,
    b.chapters,
    b.verseCounts.reduce((a, n) => a + n, 0),
    b.abbreviations.slice(0, 4).join(', '),
  ]);
  await printTable(ctx, ['#', 'Book', 'Chapters', 'Verses', 'Abbreviations'], rows);
}

/**
 * `bible books`: the contract's 66; with `-t`, the books that translation holds (the deuterocanon
 * too, numbered 67 on), by its own numbering.
 */
export async function runBooks(ctx: Context, translation?: string): Promise<void> {
  const client = await ctx.client();
  if (!translation) return present(ctx, await client.books(), (data) => printBooks(ctx, data.books));
  const held = await extension(ctx, EXTENSIONS.translationBooks, () => client.translationBooks(translation));
  return present(ctx, held, (data) => printBooks(ctx, data.books));
}

export async function runCatalog(ctx: Context): Promise<void> {
  await present(ctx, await (await ctx.client()).catalog(), async (data) => {
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
    await printTable(ctx, ['Kind', 'Id', 'Name'], rows);
  });
}

/** `--added <style>`: how the words the KJV's translators supplied (printed in italics) show. */
function addedOption(): Option {
  return choiceOption(
    '--added <style>',
    "the translators' supplied words (the KJV's italics): italic (the default in colour), in brackets ([was]) or none",
    ADDED_STYLES,
    { message: (text) => `--added takes ${oneOf(ADDED_STYLES)}, not ${quoted(text)}` },
  );
}

export function registerBible(program: Command, f: Factory): void {
  program
    .command('passage')
    .description('look up passages: bible passage "John 3:16" "Rom 5:8-10", or "Gen 1-3; Ps 23"')
    .argument('<ref...>', 'references (Book c, Book c:v, Book c:v-v, Book c:v-c:v, Book c-c)')
    .option(
      '-t, --translation <ids>',
      'translation id, or several side by side: kjv,web,rv1909 (default: config, else the first in the catalog)',
      collectIds,
    )
    .option('--strongs', "each word's Strong's number(s) beside it")
    .option('--headings', 'the headings before verses (psalm titles, Psalm 119 acrostic)')
    .option('--notes', "the translators' notes, as numbered markers with the notes after the passage")
    .option('--no-red-letter', 'the words of Christ not in red (config: redLetter off)')
    .addOption(addedOption())
    .option('--notes-inline', NOTES_INLINE_HELP)
    .option('--plain', 'only the verse text, a line each (the attribution on stderr)')
    .action(async (refs: string[], opts: TranslationOptions) => runPassage({ ...opts, refs }, await f.context()));
  program
    .command('chapter')
    .alias('read')
    .description('read a whole chapter')
    .argument('<book...>', 'book number, name or abbreviation, then the chapter number')
    .option('-t, --translation <ids>', 'translation id, or several side by side: kjv,web', collectIds)
    .option('--strongs', "each word's Strong's number(s) beside it")
    .option('--headings', 'the headings before verses (psalm titles, Psalm 119 acrostic)')
    .option('--notes', "the translators' notes, as numbered markers with the notes after the passage")
    .option('--no-red-letter', 'the words of Christ not in red (config: redLetter off)')
    .addOption(addedOption())
    .option('--notes-inline', NOTES_INLINE_HELP)
    .option('--plain', 'only the verse text, a line each (the attribution on stderr)')
    .action(async (words: string[], opts: TranslationOptions) => runChapter({ ...opts, words }, await f.context()));
  program
    .command('books')
    .description('the 66 books with chapters, verses and abbreviations; with -t, the books a translation holds')
    .option('-t, --translation <id>', 'the books this translation holds (the deuterocanon too), by its own numbering')
    .action(async (opts: { translation?: string }) => runBooks(await f.context(), opts.translation));
  program
    .command('catalog')
    .description('what the service lets you read')
    .action(async () => runCatalog(await f.context()));
}
