import { searchTextWords } from '../../core/search/text-bounds.js';

/**
 * FTS5 query text from what a person typed: each word becomes a quoted token (so FTS syntax in
 * the input is never interpreted), the last one a prefix. `^` anchors the match at the start of
 * the column, for headword-prefix searches. Returns undefined when nothing searchable is left.
 */
export function ftsQuery(input: string, options: { anchored?: boolean; prefixAll?: boolean } = {}): string | undefined {
  const words = searchTextWords(input);
  if (!words.length) return undefined;
  if (options.anchored) return `^"${words.join(' ').replace(/"/g, '""')}"*`;
  const quoted = words.map((w, i) => {
    const token = `"${w.replace(/"/g, '""')}"`;
    return options.prefixAll || i === words.length - 1 ? `${token}*` : token;
  });
  return quoted.join(' ');
}
