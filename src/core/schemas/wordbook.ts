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

/** The text a word-book entry is served with as a DictionaryEntry. */
export function wordBookText(e: WordBookEntry): string {
  return [e.sense, e.note, `KJV: ${e.refs.join('; ')}`].filter(Boolean).join('\n\n');
}

/** What `wordBookText` wrote, read back: the sense (first paragraph) and the cited references (last). */
export function wordBookSense(text: string): { sense: string; refs: string[] } {
  const paragraphs = text.split('\n\n');
  const last = paragraphs.at(-1) ?? '';
  return {
    sense: paragraphs[0] ?? '',
    refs: last.startsWith('KJV: ') ? last.slice(5).split('; ') : [],
  };
}
