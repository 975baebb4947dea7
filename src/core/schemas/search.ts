import { z } from 'zod';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from '../limits.js';
import { VerseTitle } from './bible.js';
import { StrongsNumber } from './strongs.js';

export { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX };

const Count = z.number().int().min(0);

export const BookCount = z.object({
  book: z.string().meta({ description: 'Book name' }),
  count: Count.meta({ description: 'Matching verses in the book' }),
});
export type BookCount = z.infer<typeof BookCount>;

export const SearchHit = z.object({
  ref: z.string().meta({ description: '"Book c:v" with the full book name' }),
  book: z.string(),
  chapter: z.number().int().min(1),
  v: z.number().int().min(1),
  text: z.string(),
  title: VerseTitle,
  matches: z.array(z.string()).meta({ description: 'The words of the verse that matched, in order, each once' }),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchResult = z
  .object({
    query: z.string(),
    translation: z.string(),
    total: Count.meta({ description: 'Matching verses in the scope, before limit and offset' }),
    byBook: z.array(BookCount).meta({ description: 'Matching verses per book, in canonical order' }),
    results: z.array(SearchHit),
    attribution: z.string(),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResult>;

export const ConcordanceHit = z.object({
  ref: z.string().meta({ description: '"Book c:v" with the full book name' }),
  text: z.string(),
  title: VerseTitle,
  words: z.array(z.string()).meta({ description: 'The words of the verse that render the number, in order' }),
});
export type ConcordanceHit = z.infer<typeof ConcordanceHit>;

export const ConcordanceResult = z
  .object({
    number: StrongsNumber,
    lemma: z.string(),
    transliteration: z.string(),
    gloss: z.string(),
    verses: Count.meta({ description: 'Verses of the translation with a word tagged with the number' }),
    occurrences: Count.meta({
      description: 'Tagged words: the word spans tagged with the number (one Greek word rendered "doth … love" is two)',
    }),
    renderings: z
      .array(z.object({ word: z.string(), count: Count }))
      .meta({ description: 'How the translation renders the number (lower-cased), most frequent first' }),
    byBook: z.array(BookCount),
    results: z.array(ConcordanceHit),
    attribution: z.string(),
  })
  .meta({ id: 'ConcordanceResult' });
export type ConcordanceResult = z.infer<typeof ConcordanceResult>;
