import { z } from 'zod';
import { ReferenceText } from './references.js';

/** One entry of the KJV word book as authored in data/kjv-wordbook.json. */
export const WordBookEntry = z.object({
  headword: z.string().regex(/^[A-Za-z][a-z'-]*$/, 'a single word'),
  sense: z.string().min(1),
  note: z.string().min(1).optional(),
  refs: z.array(ReferenceText).min(1),
});
export type WordBookEntry = z.infer<typeof WordBookEntry>;
