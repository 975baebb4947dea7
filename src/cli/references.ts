import type { BibleClient } from '../client/client.js';
import { findLocalBook, LOCAL_LANGUAGES, readsOtherwiseInEnglish, suggestLocalBook } from '../core/canon/book-names.js';
import { type Book, findBook, MAX_BOOK_NAME_LENGTH } from '../core/canon/canon.js';
import {
  CANON_NUMBERING,
  checkPassageLimits,
  formatReference,
  formatReferenceIn,
  InvalidReferenceError,
  type ListedReference,
  MAX_REFERENCES,
  type Numbering,
  parseReference,
  parseReferenceIn,
  type Reference,
  resolveBook,
  splitReference,
  splitReferenceList,
} from '../core/reference/reference.js';
import type { IncludeValue, PassageResult } from '../core/schemas/bible.js';
import { editDistance } from '../core/text/edit-distance.js';
import { usageError } from './errors.js';
import { shellWord } from './shell-word.js';

/** A reference as typed, with `text` in the contract's strict, canonical form: what is sent and what headings show. */
export type TypedReference = ListedReference;

function typed(refs: Reference[], numbering: Numbering): TypedReference[] {
  return refs.map((ref) => ({ text: formatReferenceIn(ref, numbering), ref }));
}

/** The language of the translation asked for, when the reader needs it (asked only then: it may cost a catalog call). */
export type LanguageOf = () => Promise<string | undefined>;

/** How the translation asked for counts chapters and verses, when the reader needs it (it may cost a call). */
export type NumberingOf = () => Promise<Numbering>;

/** A place the canon's counts refuse ("Joel 4:1", "Ps 9:39"), which a translation numbered otherwise may have. */
function pastTheCanon(err: unknown): boolean {
  return err instanceof InvalidReferenceError && err.kind === 'not-found' && !err.message.startsWith('unknown book');
}

/**
 * References from command-line words. Each word may be a reference or a `;` list ("John 3:16"
 * "Rom 5:8"); words that are not one on their own are read together (`bible passage John 3:16`).
 * What the contract's grammar does not read ("Jam 1:5", "John 3:16, 18", "John ch 3", Spanish
 * "Juan 3:16", "1 Co 13:4") is read by the BCV parser, in the translation's language first, then
 * English, then every other language with book names of its own; a place that does not exist
 * stays the strict reader's not-found error. Checked against the canon here, so a typo costs no
 * request and gets a "did you mean".
 */
export async function referencesFromArgs(
  given: string[],
  languageOf?: LanguageOf,
  numberingOf?: NumberingOf,
): Promise<TypedReference[]> {
  try {
    return await readReferences(given, languageOf, CANON_NUMBERING);
  } catch (err) {
    // Read by the canon's counts first (no call); a place past them, by the translation's own
    // numbering (Joel 4 in Luther's), and its error then names the translation.
    if (!numberingOf || !pastTheCanon(err)) throw err;
    const numbering = await numberingOf();
    if (numbering === CANON_NUMBERING) throw err;
    return readReferences(given, languageOf, numbering);
  }
}

async function readReferences(
  given: string[],
  languageOf: LanguageOf | undefined,
  numbering: Numbering,
): Promise<TypedReference[]> {
  if (!given.join('').trim()) throw usageError('no reference given: name one, like "John 3:16" or "Ps 23"');
  const args = chapterAndVerseApart(given);
  const joined = args.join(' ');
  let language: Promise<string | undefined> | undefined;
  const translationLanguage = () => {
    language ??= languageOf?.() ?? Promise.resolve(undefined);
    return language;
  };
  // "Mc 1" is Micah to our English reader and Marcos to a Spanish one: the translation decides.
  if (LOCAL_LANGUAGES.some((l) => readsOtherwiseInEnglish(joined, l))) {
    const lang = await translationLanguage();
    if (lang && readsOtherwiseInEnglish(joined, lang)) {
      const refs = await readLooselyIn(args, [lang], numbering);
      if (refs) return typed(refs, numbering);
    }
  }
  let first: unknown;
  const readings = [args.flatMap(splitReferenceList), splitReferenceList(joined)];
  // A book typed apart from its chapter ("John" "3:a") was meant joined: its error is the whole text's.
  if (args.length > 1 && bookAlone(args[0] as string)) readings.reverse();
  for (const parts of readings) {
    try {
      return typed(
        parts.map((part) => parseReferenceIn(part, numbering)),
        numbering,
      );
    } catch (err) {
      // "Foo 3" typed as two words: 'Foo' alone cannot be read, "Foo 3" names an unknown book,
      // which is the one thing to say (as `passage "Foo 3"` says it).
      if (first === undefined || (isSyntaxError(first) && !isSyntaxError(err))) first = err;
    }
  }
  // A chapter or verse that does not exist is the answer, not a reason to read more loosely.
  if (first instanceof InvalidReferenceError && first.kind === 'not-found' && !first.message.startsWith('unknown book'))
    throw first;
  const lang = await translationLanguage();
  const refs = await readLooselyIn(args, [...new Set([...(lang ? [lang] : []), 'en', ...LOCAL_LANGUAGES])], numbering);
  if (refs) return typed(refs, numbering);
  const named = joined.trim();
  const book = bookAlone(named) ?? findLocalBook(named)?.book;
  if (book) {
    // A book alone: Jude, Obadiah, Philemon, 2 and 3 John are one chapter, read whole; of any
    // other the user is asked for the chapter, by the book's own count, in the name typed.
    if (book.chapters === 1) return typed([parseReference(wholeBook(book))], CANON_NUMBERING);
    const name = findLocalBook(named)?.name ?? book.name;
    throw usageError(`${name} has ${book.chapters} chapters: name one, like "${name} 1"`);
  }
  // Words alone: a book's name one edit off ("Jhon") is told as the misspelt book it is; other
  // words ("love", where Luke is two edits off) were most likely meant to be looked for. Only a
  // few words: a longer text is echoed by no hint.
  if (named.length <= MAX_BOOK_NAME_LENGTH && /^\d?\s*\p{L}[\p{L}\s.']*$/u.test(named)) {
    try {
      resolveBook(named);
    } catch (err) {
      const near = err instanceof InvalidReferenceError ? err.suggestion : undefined;
      if (near && editDistance(named.toLowerCase(), near.name.toLowerCase(), 1) <= 1) throw err;
    }
    const local = suggestLocalBook(named);
    if (local && editDistance(named.toLowerCase(), local.name.toLowerCase(), 1) <= 1)
      throw new InvalidReferenceError('not-found', `unknown book '${named}' (did you mean ${local.name}?)`, local.book);
    const words = shellWord(named);
    throw usageError(
      `'${named}' is no book or reference; to look for it: bible search ${words}, or bible find ${words}`,
    );
  }
  throw withLocalSuggestion(first, named, lang);
}

function isSyntaxError(err: unknown): boolean {
  return err instanceof InvalidReferenceError && err.kind === 'syntax';
}

/** The words read by the BCV parser in each language in turn, as one `;` list and as one text. */
async function readLooselyIn(
  args: string[],
  languages: string[],
  numbering: Numbering,
): Promise<Reference[] | undefined> {
  const { readLoosely } = await import('./reference-parser.js');
  for (const language of languages) {
    for (const text of [args.join('; '), args.join(' ')]) {
      const refs = await readLoosely(text, language, numbering);
      if (refs?.length) return refs;
    }
  }
  return undefined;
}

/**
 * An unknown book is offered the nearest name of another language ("Mateos 5" → Mateo) when no
 * English name is near, or when the translation asked for is in that language ("Apocalipsys
 * 21:4 -t rv1909" → Apocalipsis, not Revelation).
 */
function withLocalSuggestion(err: unknown, named: string, language: string | undefined): unknown {
  if (!(err instanceof InvalidReferenceError) || !err.message.startsWith('unknown book')) return err;
  if (err.suggestion && !(language && LOCAL_LANGUAGES.includes(language))) return err;
  const typedBook = /^(\d?\s*\p{L}[\p{L}\s.]*?)\s*\d/u.exec(named)?.[1];
  const local = typedBook ? suggestLocalBook(typedBook) : undefined;
  if (!local) return err;
  const unknown = err.message.replace(/ \(did you mean [^()]*\?\)$/, '');
  return new InvalidReferenceError(err.kind, `${unknown} (did you mean ${local.name}?)`, local.book);
}

/**
 * "John 3 16", as people type it unquoted (and as an assistant may send it): a book, then a
 * chapter and a verse apart, is that verse, not John 3 and John 16.
 */
function chapterAndVerseApart(args: string[]): string[] {
  const spaced = /^(.*?\p{L}.*?)\s+(\d+)\s+(\d+)$/u.exec(args.join(' ').trim());
  if (!spaced || !bookAlone(spaced[1] as string)) return args;
  return [`${spaced[1]} ${spaced[2]}:${spaced[3]}`];
}

/** The book a text names alone ("Jude", "1 John"), if it does: a name, as findBook also reads "3" as the third book. */
export function bookAlone(text: string): Book | undefined {
  return /\p{L}/u.test(text) ? findBook(text.trim()) : undefined;
}

/** A whole book in the contract's strict form: "Jude 1", "John 1-21". */
export function wholeBook(book: Book): string {
  return book.chapters === 1 ? `${book.name} 1` : `${book.name} 1-${book.chapters}`;
}

/** Exactly one reference from command-line words (commentary, crossrefs, chapter). */
export async function oneReference(
  args: string[],
  usage: string,
  languageOf?: LanguageOf,
  numberingOf?: NumberingOf,
): Promise<Reference> {
  const refs = await referencesFromArgs(args, languageOf, numberingOf);
  if (refs.length !== 1) throw usageError(usage);
  return (refs[0] as TypedReference).ref;
}

/**
 * A passage lookup of any size: within the contract's limits one call with the references as
 * typed; beyond them, pieces of at most 4 chapters in calls of at most 10, merged back into one
 * passage per reference asked for.
 */
export async function fetchPassages(
  client: BibleClient,
  translation: string,
  refs: TypedReference[],
  include: readonly IncludeValue[] = [],
  numbering?: string,
): Promise<PassageResult> {
  let within = refs.length <= MAX_REFERENCES;
  try {
    checkPassageLimits(refs);
  } catch {
    within = false;
  }
  if (within) return client.passage(translation, refs.map((r) => r.text).join('; '), include, numbering);
  const pieces = refs.flatMap((r, owner) =>
    splitReference(r.ref).map((piece) => ({ owner, text: formatReference(piece) })),
  );
  const merged = refs.map((r) => ({ ref: r.text, verses: [] as PassageResult['passages'][number]['verses'] }));
  let result: PassageResult | undefined;
  for (let i = 0; i < pieces.length; i += MAX_REFERENCES) {
    const batch = pieces.slice(i, i + MAX_REFERENCES);
    result = await client.passage(translation, batch.map((p) => p.text).join('; '), include, numbering);
    for (const [j, p] of result.passages.entries()) merged[batch[j]!.owner]!.verses.push(...p.verses);
  }
  return { translation: result!.translation, passages: merged, attribution: result!.attribution };
}

/** --text (print the passages of the references listed) and the translation to print them in. */
export interface TextOptions {
  text?: boolean;
  translation?: string;
}

/**
 * The text of references the service itself gave (a topic's, a story's, cross-references): in
 * calls of at most 10, one passage per reference, in order.
 */
export async function passagesOf(
  client: BibleClient,
  translation: string,
  refs: readonly string[],
  numbering?: string,
): Promise<PassageResult> {
  const passages: PassageResult['passages'] = [];
  let result: PassageResult | undefined;
  for (let i = 0; i < refs.length; i += MAX_REFERENCES) {
    result = await client.passage(translation, refs.slice(i, i + MAX_REFERENCES).join('; '), [], numbering);
    passages.push(...result.passages);
  }
  return { translation: result?.translation ?? translation, passages, attribution: result?.attribution ?? '' };
}
