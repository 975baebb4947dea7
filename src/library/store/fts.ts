import { searchTextWords } from '../../core/search/text-bounds.js';

/** The words in their order, each once (case aside: the index folds it). */
const unique = (words: string[]) => {
  const seen = new Set<string>();
  return words.filter((w) => {
    const folded = w.toLowerCase();
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
};

/**
 * FTS5 query text from what a person typed: each word becomes a quoted token (so FTS syntax in
 * the input is never interpreted), the last one a prefix. `^` anchors the match at the start of
 * the column, for headword-prefix searches. Returns undefined when nothing searchable is left.
 */
export function ftsQuery(input: string, options: { anchored?: boolean; prefixAll?: boolean } = {}): string | undefined {
  const typed = searchTextWords(input);
  if (!typed.length) return undefined;
  if (options.anchored) return `^"${typed.join(' ').replace(/"/g, '""')}"*`;
  // A word said twice matches nothing more and is one more pass over its rows ('a-a-a-…' ×16 of
  // a lexicon search was twice the reading of 'a'): each is asked once, the last as typed.
  const words = unique(options.prefixAll ? typed : typed.slice(0, -1));
  if (!options.prefixAll) words.push(typed[typed.length - 1] as string);
  const quoted = words.map((w, i) => {
    const token = `"${w.replace(/"/g, '""')}"`;
    return options.prefixAll || i === words.length - 1 ? `${token}*` : token;
  });
  return quoted.join(' ');
}
