import { fold } from '../search/matches.js';
import { editDistance } from '../text/edit-distance.js';
import { BOOKS, type Book } from './canon.js';
import { SPANISH_NAMES } from './names-es.js';

/** A language's names for the books: what its readers type, and what headings show them. */
export interface LocalNames {
  /** BCP 47 code, as a SWORD module's `Lang` gives it. */
  language: string;
  /** The book of Psalms when one psalm is meant ("Psalm 23" in English). */
  onePsalm: string;
  /** The name of each book by its OSIS id. */
  books: Record<string, string>;
  /** Abbreviations meaning one book in this language and another in English: read in this language first. */
  otherBookInEnglish: string[];
}

/** Every language with a table of book names; one more language is one more table here. */
const LOCAL_NAMES: readonly LocalNames[] = [SPANISH_NAMES];

/** The languages with book names of their own, besides English. */
export const LOCAL_LANGUAGES: readonly string[] = LOCAL_NAMES.map((n) => n.language);

/** "es-MX" and "es" both are Spanish. */
function namesFor(language: string | undefined): LocalNames | undefined {
  const base = language?.toLowerCase().split('-')[0];
  return LOCAL_NAMES.find((n) => n.language === base);
}

/** A book's name in a language; the canon's English name where the language has no table. */
export function localBookName(book: Book, language: string | undefined): string {
  return namesFor(language)?.books[book.osis] ?? book.name;
}

/** The name of one psalm's book in a language ("Psalm", "Salmo"). */
export function onePsalmName(language: string | undefined): string {
  return namesFor(language)?.onePsalm ?? 'Psalm';
}

/** Lower case, accents dropped (as the search index folds words), spaces folded: "Génesis" and "genesis" are one key. */
function nameKey(text: string): string {
  return fold(text).replace(/\s+/g, ' ').trim();
}

/** A book as a language names it. */
export interface LocalBook {
  book: Book;
  name: string;
}

const BY_LOCAL_NAME = new Map<string, LocalBook>(
  LOCAL_NAMES.flatMap((names) =>
    BOOKS.flatMap((book) => {
      const name = names.books[book.osis];
      return name ? [[nameKey(name), { book, name }] as const] : [];
    }),
  ),
);

/** The book a language's full name names, with or without accents ("Hechos", "Genesis"). */
export function findLocalBook(text: string): LocalBook | undefined {
  return BY_LOCAL_NAME.get(nameKey(text));
}

/** The most edits a local name may be from what was typed to be suggested ("Hechoss", "Jaun"). */
const MAX_LOCAL_SUGGESTION_EDITS = 2;

/** The local name nearest a misspelt book ("Apocalipsys" → Apocalipsis), when one is near enough. */
export function suggestLocalBook(text: string): LocalBook | undefined {
  const key = nameKey(text);
  let best: LocalBook | undefined;
  let bestEdits = MAX_LOCAL_SUGGESTION_EDITS + 1;
  for (const [name, local] of BY_LOCAL_NAME) {
    const edits = editDistance(key, name, bestEdits - 1);
    if (edits < bestEdits && edits < name.length / 2) {
      best = local;
      bestEdits = edits;
    }
  }
  return best;
}

/** Whether a text starts with an abbreviation the language reads as another book than English does ("Mc 1"). */
export function readsOtherwiseInEnglish(text: string, language: string | undefined): boolean {
  const first = /^\s*([\p{L}]+)\.?(?:\s|\d|$)/u.exec(text)?.[1]?.toLowerCase();
  return !!first && !!namesFor(language)?.otherBookInEnglish.some((a) => a.toLowerCase() === first);
}

/**
 * The language of a translation from its catalog name: the library names a work not in English
 * with its language in English ("Reina-Valera 1909 (Spanish)", from the module's `Lang`), so the
 * catalog's contract fields are enough. English, or a language without a table, is undefined.
 */
export function languageOfCatalogName(name: string): string | undefined {
  const said = /\(([^()]+)\)\s*$/.exec(name)?.[1];
  if (!said) return undefined;
  const display = new Intl.DisplayNames(['en'], { type: 'language' });
  return LOCAL_LANGUAGES.find((code) => display.of(code) === said);
}
