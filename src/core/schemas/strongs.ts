import { z } from 'zod';
import { STRONGS_SEARCH_MAX } from '../limits.js';

export { STRONGS_SEARCH_MAX };

export const STRONGS_NUMBER_PATTERN = /^[GH][0-9]{1,5}$/;
export const StrongsNumber = z.string().regex(STRONGS_NUMBER_PATTERN);
export const Lexicon = z.enum(['greek', 'hebrew']);
export type Lexicon = z.infer<typeof Lexicon>;

export const StrongsEntry = z
  .object({
    number: StrongsNumber,
    lexicon: Lexicon,
    lemma: z.string(),
    transliteration: z.string(),
    gloss: z.string(),
    definition: z.string(),
    attribution: z.string(),
  })
  .meta({ id: 'StrongsEntry' });
export type StrongsEntry = z.infer<typeof StrongsEntry>;

export const StrongsSearchResult = z
  .object({ results: z.array(StrongsEntry).max(STRONGS_SEARCH_MAX), attribution: z.string() })
  .meta({ id: 'StrongsSearchResult' });
export type StrongsSearchResult = z.infer<typeof StrongsSearchResult>;
