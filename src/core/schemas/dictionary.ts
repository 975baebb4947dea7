import { z } from 'zod';

import { SEARCH_RESULTS_MAX } from '../limits.js';

export { SEARCH_RESULTS_MAX };

export const DictionaryHit = z
  .object({ idx: z.number().int().min(0), headword: z.string() })
  .meta({ id: 'DictionaryHit' });
export type DictionaryHit = z.infer<typeof DictionaryHit>;

export const DictionarySearchResult = z
  .object({ results: z.array(DictionaryHit).max(SEARCH_RESULTS_MAX), attribution: z.string() })
  .meta({ id: 'DictionarySearchResult' });
export type DictionarySearchResult = z.infer<typeof DictionarySearchResult>;

export const DictionaryEntry = z
  .object({
    id: z.string(),
    idx: z.number().int().min(0),
    headword: z.string(),
    text: z.string(),
    attribution: z.string(),
  })
  .meta({ id: 'DictionaryEntry' });
export type DictionaryEntry = z.infer<typeof DictionaryEntry>;
