/**
 * The pattern of a set of words, by the words: a concordance or search prints hundreds of verses
 * that mostly match the same words, and compiling a pattern of Unicode classes costs far more
 * than using one (G25's 1,000 verses: ~20 ms of compiling, once per verse).
 */
const patterns = new Map<string, RegExp>();

function patternOf(words: string[]): RegExp {
  const key = words.join('\n');
  let pattern = patterns.get(key);
  if (!pattern) {
    const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    pattern = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{M}\\p{N}])`, 'gu');
    patterns.set(key, pattern);
  }
  return pattern;
}

/**
 * Paints each occurrence of the matched words in a text, whole words only (the service names
 * the words as they stand in the verse; a match inside a longer word is not one).
 */
export function highlight(text: string, matches: readonly string[], paint: (s: string) => string): string {
  const words = [...new Set(matches)].filter(Boolean).sort((a, b) => b.length - a.length);
  if (!words.length) return text;
  // replace() with a global pattern starts at 0 and leaves lastIndex at 0: sharing one is safe.
  return text.replace(patternOf(words), (m) => paint(m));
}
