import { localBookName } from '../../core/canon/book-names.js';
import { BOOKS, type Book } from '../../core/canon/canon.js';
import { INCLUDE_VALUES, type IncludeValue } from '../../core/limits.js';
import type { StudyFields } from '../../core/schemas/bible.js';
import { quoted } from '../../core/text/quoted.js';
import type { LibraryStore, WordSpan } from '../../library/store/library-store.js';
import { type ParamRead, param } from './params.js';

/** `include=words,red,added,headings,notes,bookName`: the fields asked for, or the value that is none of them. */
function readInclude(given: string | undefined): ParamRead<Set<IncludeValue>> {
  const values = (given ?? '')
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
  // Any case: "bookname" is bookName.
  const known = (x: string) => INCLUDE_VALUES.find((v) => v.toLowerCase() === x);
  const bad = values.find((x) => !known(x));
  if (bad !== undefined)
    return { issue: `query parameter 'include': ${quoted(bad)} is not one of ${INCLUDE_VALUES.join(', ')}` };
  return { value: new Set(values.map((x) => known(x) as IncludeValue)) };
}

/** `include=words,red,added,headings,notes,bookName`: an extension adding optional fields to each verse. */
export const IncludeQuery = param(readInclude, (z) =>
  z
    .string()
    .optional()
    // The same reading (zod-to-openapi parses undefined to tell whether it is optional).
    .transform((given, ctx): Set<IncludeValue> => {
      const read = readInclude(given);
      if ('value' in read) return read.value;
      ctx.addIssue({ code: 'custom', message: read.issue });
      return z.NEVER;
    })
    .meta({
      type: 'string',
      description: `Extension: comma-separated, any of ${INCLUDE_VALUES.join(', ')}. Adds to each verse its words with their Strong's numbers, the character ranges that are the words of Christ, those the translators supplied (the KJV's italics), the headings before it, its notes, its book's name in the translation's language. Absent: the verse as the contract gives it.`,
      example: 'words,red',
      // The operation is the contract's own, so it is not tagged `extensions`; the parameter says it is one.
      'x-extension': true,
    }),
);

/**
 * Character ranges of `text` covered by the spans `marked` picks (the words of Christ, the
 * supplied words); consecutive marked spans make one range. The title's spans are in the title,
 * not in `text`: `inTitle` reads those against the title instead.
 */
export function markedRanges(
  text: string,
  words: WordSpan[],
  marked: (w: WordSpan) => boolean,
  inTitle = false,
): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  let cursor = 0;
  let previous = false;
  for (const w of words) {
    if (Boolean(w.title) !== inTitle) continue;
    const at = text.indexOf(w.text, cursor);
    if (at < 0) break;
    cursor = at + w.text.length;
    const last = out[out.length - 1];
    const now = marked(w);
    if (now && previous && last) last.end = cursor;
    else if (now) out.push({ start: at, end: cursor });
    previous = now;
  }
  return out;
}

/**
 * The fields `include` asks for, per verse of a range ("c:v" → fields). Fields asked for are
 * present on every verse (empty when the translation carries none there).
 */
export function studyFields(
  store: LibraryStore,
  include: Set<IncludeValue>,
  translation: string,
  verses: Array<{ book: number; chapter: number; verse: number; text: string; title?: string | null }>,
): Map<string, StudyFields> {
  const out = new Map<string, StudyFields>();
  const first = verses[0];
  const last = verses[verses.length - 1];
  if (!include.size || !first || !last) return out;
  const range = [translation, first.book, first.chapter, first.verse, last.chapter, last.verse] as const;
  const words = new Map(
    include.has('words') || include.has('red') || include.has('added')
      ? store.verseWords(...range).map((v) => [`${v.chapter}:${v.verse}`, v.words])
      : [],
  );
  const annotations = new Map(
    include.has('headings') || include.has('notes')
      ? store.verseAnnotations(...range).map((a) => [`${a.chapter}:${a.verse}`, a])
      : [],
  );
  const language = include.has('bookName') ? store.translationLanguage(translation) : undefined;
  for (const v of verses) {
    const key = `${v.chapter}:${v.verse}`;
    const fields: StudyFields = {};
    const spans = words.get(key) ?? [];
    if (include.has('words'))
      fields.words = spans.map((w) => ({
        text: w.text,
        strongs: w.strongs,
        ...(w.morph ? { morph: w.morph } : {}),
        ...(w.red ? { red: true } : {}),
        ...(w.added ? { added: true } : {}),
        ...(w.title ? { title: true } : {}),
      }));
    if (include.has('red')) fields.red = markedRanges(v.text, spans, (w) => w.red);
    if (include.has('added')) {
      fields.added = markedRanges(v.text, spans, (w) => w.added === true);
      if (v.title) fields.titleAdded = markedRanges(v.title, spans, (w) => w.added === true, true);
    }
    if (include.has('headings')) fields.headings = annotations.get(key)?.headings ?? [];
    if (include.has('notes')) fields.notes = annotations.get(key)?.notes ?? [];
    if (include.has('bookName')) fields.bookName = localBookName(BOOKS[v.book - 1] as Book, language);
    out.set(key, fields);
  }
  return out;
}
