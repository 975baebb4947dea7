import { z } from 'zod';
import { ReferenceText } from './references.js';

/**
 * One person or place of data/people-places/ (written by us): what the Bible says of them, each
 * description in the words people ask it by and the verses that state it.
 */
export const DescribedEntry = z.object({
  name: z.string().min(1),
  descriptions: z
    .array(
      z.object({
        /** The ways it is asked ("the first king of Israel", "Israel's first king"), the first as shown. */
        phrases: z.array(z.string().min(1)).min(1),
        /** The verses that state it, the plainest first. */
        verses: z.array(ReferenceText).min(1),
      }),
    )
    .min(1),
});
export type DescribedEntry = z.infer<typeof DescribedEntry>;
