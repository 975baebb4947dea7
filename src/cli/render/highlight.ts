/**
 * Paints each occurrence of the matched words in a text, whole words only (the service names
 * the words as they stand in the verse; a match inside a longer word is not one).
 */
export function highlight(text: string, matches: readonly string[], paint: (s: string) => string): string {
  const words = [...new Set(matches)].filter(Boolean).sort((a, b) => b.length - a.length);
  if (!words.length) return text;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{M}\\p{N}])`, 'gu');
  return text.replace(pattern, (m) => paint(m));
}
