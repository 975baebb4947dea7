import { z } from 'zod';

import { FIND_LIMIT_DEFAULT, FIND_LIMIT_MAX, FIND_QUESTION_MAX } from '../limits.js';

export { FIND_LIMIT_DEFAULT, FIND_LIMIT_MAX, FIND_QUESTION_MAX };

/** How well a found verse answers (src/find/confidence.ts): an extension field. */
export const FindConfidence = z
  .object({
    band: z.enum(['strong', 'fair', 'weak']).meta({
      description:
        'strong: the question names or quotes the verse, or it answers two thirds of its content words; fair: half of them, or one through three signals at once; weak: less',
    }),
    covers: z
      .array(z.object({ word: z.string(), through: z.array(z.string()) }))
      .meta({ description: 'The question’s content words the verse answers, each with the signals that answer it' }),
    of: z.number().int().min(0).meta({ description: 'How many content words the question has' }),
  })
  .meta({ id: 'FindConfidence', description: 'Extension: how well the verse answers the question' });
export type FindConfidence = z.infer<typeof FindConfidence>;

export const FoundVerse = z
  .object({
    ref: z.string().meta({ description: 'Book chapter:verse, the book by its full name' }),
    book: z.string(),
    chapter: z.number().int().min(1),
    v: z.number().int().min(1),
    text: z.string(),
    score: z.number().meta({ description: 'Fused relevance; only the order within one answer means anything' }),
    why: z.array(z.string()).meta({
      description:
        'What brought the verse in: words, phrases, Strong’s numbers, topics, commentary headings, stories, links',
    }),
    confidence: FindConfidence.optional(),
  })
  .meta({ id: 'FoundVerse' });
export type FoundVerse = z.infer<typeof FoundVerse>;

export const FindResult = z
  .object({
    query: z.string(),
    translation: z.string(),
    results: z.array(FoundVerse).max(FIND_LIMIT_MAX),
    note: z.string().optional().meta({
      description:
        'Extension: where no verse answers the question well enough, why (the words nothing in the library understood) and what to try; the results are then none unless `all` was asked',
    }),
    all: z
      .boolean()
      .optional()
      .meta({ description: 'Extension: whether the weak matches were asked for (the `all` query parameter)' }),
    attribution: z
      .string()
      .meta({ description: 'The translation’s attribution line, then one per other resource the results drew on' }),
  })
  .meta({ id: 'FindResult' });
export type FindResult = z.infer<typeof FindResult>;
