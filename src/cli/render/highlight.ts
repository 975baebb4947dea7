import { asciiWords } from '../../core/text/ascii.js';

/** A letter, mark or digit ending (end) or starting (start) the text tested: a word goes on across it. */
interface WordEdges {
  end: RegExp;
  start: RegExp;
}
/** For a text whose letters and digits are all ASCII (nearly every verse of the KJV and the WEB). */
const ASCII_EDGES: WordEdges = { end: /[A-Za-z0-9]$/, start: /^[A-Za-z0-9]/ };
/** Made on first need: a \p{…} class costs ~0.5 ms to make and as much to compile. */
let unicodeEdges: WordEdges | undefined;
function unicode(): WordEdges {
  unicodeEdges ??= { end: /[\p{L}\p{M}\p{N}]$/u, start: /^[\p{L}\p{M}\p{N}]/u };
  return unicodeEdges;
}

/**
 * Paints each occurrence of the matched words in a text, whole words only (the service names
 * the words as they stand in the verse; a match inside a longer word is not one), the longest
 * word first where two start at the same place.
 *
 * A scan with two patterns compiled once, rather than one pattern of the words: a concordance or
 * search prints hundreds of verses that match different sets of words, and compiling a pattern of
 * Unicode classes for each set cost ~25 ms of G25's `bible concordance` (its 109 verses).
 */
export function highlight(text: string, matches: readonly string[], paint: (s: string) => string): string {
  const words = [...new Set(matches)].filter(Boolean).sort((a, b) => b.length - a.length);
  if (!words.length) return text;
  const { end, start } = asciiWords(text) ? ASCII_EDGES : unicode();
  let out = '';
  let from = 0;
  let i = 0;
  while (i < text.length) {
    // On to the next place a word starts (indexOf, not a test at every character: ~8 ms of a
    // coloured concordance G25 before, as the code runs cold).
    let next = -1;
    for (const w of words) {
      const at = text.indexOf(w, i);
      if (at >= 0 && (next < 0 || at < next)) next = at;
    }
    if (next < 0) break;
    i = next;
    // Two code units each side: a letter outside the BMP is a surrogate pair.
    const found = words.find((w) => text.startsWith(w, i) && !start.test(text.slice(i + w.length, i + w.length + 2)));
    if (found && !end.test(text.slice(Math.max(0, i - 2), i))) {
      out += text.slice(from, i) + paint(found);
      i += found.length;
      from = i;
    } else i++;
  }
  return out + text.slice(from);
}
