import { z } from 'zod';
import { ReferenceText } from './references.js';

/** One subject or named passage of Everyday Topics as authored in data/everyday-topics/. */
export const EverydayTopic = z.object({
  topic: z.string().min(1),
  /** The everyday words that name it ("worry", "anxious"), one word each, in lower case. */
  words: z.array(z.string().regex(/^[a-z][a-z'-]*$/, 'a single lower-case word')).min(1),
  /** Its key verses, the most often cited first. */
  verses: z.array(ReferenceText).min(1),
});
export type EverydayTopic = z.infer<typeof EverydayTopic>;
