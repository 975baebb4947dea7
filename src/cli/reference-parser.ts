import { BOOKS, type Book } from '../core/canon/canon.js';
import {
  CANON_NUMBERING,
  checkChapter,
  type Numbering,
  parseReferenceIn,
  type Reference,
} from '../core/reference/reference.js';

/**
 * References as people type them ("Jam 1:5", "IKings 3", "John 3:16, 18", "John 3.16", "John ch 3"),
 * read by the widely used BCV parser (npm bible-passage-reference-parser) rather than a grammar of
 * our own: it knows far more spellings and list forms than we would keep up by hand. Each piece it
 * finds is rewritten in the contract's strict form and checked against our canon (or the translation's numbering), so a place that
 * does not exist is the same not-found error the strict reader gives. Loaded only when the strict
 * reader has failed, so the common case costs no extra module. `language` is one of
 * PARSER_LANGUAGES ("es" reads "Juan 3:16", "1 Co 13:4", "Hch 2").
 */
export async function readLoosely(
  text: string,
  language = 'en',
  numbering: Numbering = CANON_NUMBERING,
): Promise<Reference[] | undefined> {
  const parser = await loadParser(language);
  const found = parser.parse(text).osis_and_indices();
  if (!found.length) return undefined;
  // Every character must belong to a reference or be a separator: "John 3:16 foo" is not read as John 3:16.
  let rest = '';
  let at = 0;
  for (const f of found) {
    rest += text.slice(at, f.indices[0]);
    at = f.indices[1];
  }
  rest += text.slice(at);
  if (!/^[\s;,.]*$/.test(rest)) return undefined;
  const refs: Reference[] = [];
  for (const f of found) {
    for (const osis of f.osis.split(',')) {
      const ref = fromOsis(osis, numbering);
      if (!ref) return undefined;
      refs.push(ref);
    }
  }
  return refs;
}

const BY_OSIS = new Map<string, Book>(BOOKS.map((b) => [b.osis, b]));

interface OsisPoint {
  book: Book;
  chapter: number;
  verse?: number;
}

function point(text: string): OsisPoint | undefined {
  const [osis = '', c, v] = text.split('.');
  const book = BY_OSIS.get(osis);
  if (!book || c === undefined) return undefined;
  return { book, chapter: Number(c), verse: v === undefined ? undefined : Number(v) };
}

/** "John.3", "Matt.5-Matt.7", "John.3.16-John.4.2" → a checked Reference; a range across books is not one. */
function fromOsis(osis: string, numbering: Numbering): Reference | undefined {
  const [a = '', b] = osis.split('-');
  const start = point(a);
  const end = b === undefined ? start : point(b);
  if (!start || !end || start.book !== end.book) return undefined;
  const name = start.book.name;
  let strict: string;
  if (start.verse === undefined && end.verse === undefined) {
    strict = start.chapter === end.chapter ? `${name} ${start.chapter}` : `${name} ${start.chapter}-${end.chapter}`;
  } else {
    checkChapter(end.book, end.chapter, numbering);
    const endVerse = end.verse ?? (numbering.counts(end.book)[end.chapter - 1] as number);
    strict = `${name} ${start.chapter}:${start.verse ?? 1}-${end.chapter}:${endVerse}`;
  }
  return parseReferenceIn(strict, numbering);
}

interface BcvParser {
  parse(text: string): { osis_and_indices(): Array<{ osis: string; indices: [number, number] }> };
}

/** The parser's languages we read in: English, and each language with book names of our own. */
const LANGUAGE_MODULES: Record<string, () => Promise<unknown>> = {
  en: () => import('bible-passage-reference-parser/esm/lang/en.js'),
  es: () => import('bible-passage-reference-parser/esm/lang/es.js'),
};

/** The languages readLoosely reads, English first. */
export const PARSER_LANGUAGES: readonly string[] = Object.keys(LANGUAGE_MODULES);

const parsers = new Map<string, Promise<BcvParser>>();

function loadParser(language: string): Promise<BcvParser> {
  const load = LANGUAGE_MODULES[language] ?? LANGUAGE_MODULES.en!;
  let parser = parsers.get(language);
  if (!parser) {
    parser = newParser(load);
    parsers.set(language, parser);
  }
  return parser;
}

async function newParser(loadLanguage: () => Promise<unknown>): Promise<BcvParser> {
  const [{ bcv_parser }, lang] = await Promise.all([
    import('bible-passage-reference-parser/esm/bcv_parser.js'),
    loadLanguage(),
  ]);
  const parser = new bcv_parser(lang as ConstructorParameters<typeof bcv_parser>[0]);
  parser.set_options({
    // "John 3" stays a chapter, "Matt 5-7" chapters: the contract's own forms.
    osis_compaction_strategy: 'bc',
    // "John 3:16, 18" is two references, as the contract's ';' list would be.
    sequence_combination_strategy: 'separate',
    // Only the book is checked here; chapters and verses against our canon, for one kind of error.
    passage_existence_strategy: 'b',
    // A book alone is not a reference ("bible passage John" asks which chapter).
    book_alone_strategy: 'ignore',
  });
  return parser as unknown as BcvParser;
}
