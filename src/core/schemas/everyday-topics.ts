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

/** A cue of a situation: one to four lower-case words, each a word of its own. */
const Cue = z.string().regex(/^[a-z][a-z'-]*(?: [a-z][a-z'-]*){0,3}$/, 'one to four lower-case words');

/**
 * One situation of data/everyday-topics/situations.json: how people tell it (its cues) and the
 * Everyday Topics entries that answer it (by their topic, the most fitting first).
 */
export const EverydaySituation = z.object({
  situation: z.string().min(1),
  cues: z.array(Cue).min(1),
  topics: z.array(z.string().min(1)).min(1),
});
export type EverydaySituation = z.infer<typeof EverydaySituation>;
