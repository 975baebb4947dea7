import type { LibraryStore } from '../../library/store/library-store.js';

/** The signals the engine fuses, in the order their reasons are told. */
export const SIGNALS = [
  'named',
  'lexical',
  'phrase',
  'passage',
  'introduction',
  'strongs',
  'topics',
  'everyday',
  'commentary',
  'stories',
  'crossrefs',
  'speaker',
  'prominence',
] as const;
export type SignalName = (typeof SIGNALS)[number];

/** A verse as one number: book × 1,000,000 + chapter × 1,000 + verse (canonical order). */
export type VerseKey = number;

export const verseKey = (book: number, chapter: number, verse: number): VerseKey =>
  book * 1_000_000 + chapter * 1_000 + verse;

export const keyParts = (key: VerseKey) => ({
  book: Math.floor(key / 1_000_000),
  chapter: Math.floor(key / 1_000) % 1_000,
  verse: key % 1_000,
});

/**
 * One signal's vote for a verse: its strength in the signal's own units, and the reason told. A
 * signal with thousands of votes may tell the reason through a getter, made only for the verses
 * shown (find reads it for those alone).
 */
export interface Vote {
  key: VerseKey;
  score: number;
  readonly why: string;
  /** The resource the vote drew on, where a signal reads one of several (which commentary). */
  resource?: string;
}

/** What every signal may read: the library, the question, and the resources the caller may use. */
export interface FindInput {
  store: LibraryStore;
  question: string;
  /** The question's content words (see question.ts). */
  words: string[];
  /** Those of them read from the question's numbers ("70" → seventy): counts, which name no topic. */
  counts?: ReadonlySet<string>;
  /** Strong's-tagged or plain English translations to match words in (readable ones only). */
  translations: string[];
  /** The topical work, cross-reference set and story collection, when readable. */
  topics?: string;
  /** Everyday Topics (our own topical index in today's words), when readable. */
  everyday?: string;
  crossrefs?: string;
  stories?: string;
  /** The KJV word book (today's words to the KJV's), when readable with the KJV it cites. */
  wordbook?: string;
  /** The cross-reference set whose links to a verse measure how well known it is (prominence.ts). */
  prominence?: string;
  /** The commentaries whose sections may speak for their verses (readable ones only). */
  commentaries: string[];
  /** Strong's lexicons that may gloss an English word (readable ones only). */
  lexicons: Array<'greek' | 'hebrew'>;
}
