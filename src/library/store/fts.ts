import { isAscii } from '../../core/text/ascii.js';

/**
 * FTS5 query text from what a person typed: each word becomes a quoted token (so FTS syntax in
 * the input is never interpreted), the last one a prefix. `^` anchors the match at the start of
 * the column, for headword-prefix searches. Returns undefined when nothing searchable is left.
 */
export function ftsQuery(input: string, options: { anchored?: boolean; prefixAll?: boolean } = {}): string | undefined {
  // Text of ASCII alone (most) is split without \p{L} and \p{N}, whose compilation was ~0.4 ms of a
  // cold `bible find`: in ASCII they are A-Z, a-z and 0-9.
  const words = (
    isAscii(input) ? input.split(/[^A-Za-z0-9]+/) : input.normalize('NFC').split(/[^\p{L}\p{N}]+/u)
  ).filter(Boolean);
  if (!words.length) return undefined;
  if (options.anchored) return `^"${words.join(' ').replace(/"/g, '""')}"*`;
  const quoted = words.map((w, i) => {
    const token = `"${w.replace(/"/g, '""')}"`;
    return options.prefixAll || i === words.length - 1 ? `${token}*` : token;
  });
  return quoted.join(' ');
}
