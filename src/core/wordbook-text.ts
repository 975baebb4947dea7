import type { WordBookEntry } from './schemas/wordbook.js';

// Apart from the schema: find reads the word book's senses on every question, and importing the
// schema module would build its zod schemas.

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
