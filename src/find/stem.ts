/**
 * The stem of an English word for prefix matching in the unstemmed indexes (topic headwords,
 * stories): common suffixes dropped, at least four letters kept ("forgiving" → "forgiv",
 * "enemies" → "enem", "betrayed" → "betray"). Verses are searched through FTS5's Porter
 * tokenizer instead; this only has to be good enough to reach a headword by its prefix, so a
 * few lines serve where a stemming package would add a dependency for one call.
 */
const SUFFIXES = [
  'fulness',
  'iveness',
  'ousness',
  'ness',
  'ment',
  'ings',
  'ing',
  'ies',
  'ied',
  'ful',
  'est',
  'eth',
  'ed',
  'es',
  'ly',
  's',
  'y',
  'e',
];

export function stem(word: string): string {
  const w = word.toLowerCase();
  for (const suffix of SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) return w.slice(0, -suffix.length);
  }
  return w;
}

/** An FTS5 expression matching any of the words by stem prefix (each quoted, so no FTS syntax is read). */
export function anyStemPrefix(words: string[]): string | undefined {
  const stems = [...new Set(words.map(stem))];
  return stems.length ? stems.map((s) => `"${s.replace(/"/g, '""')}"*`).join(' OR ') : undefined;
}

/** An FTS5 expression matching any of the words exactly (each quoted). */
export function anyWord(words: string[]): string | undefined {
  return words.length ? words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ') : undefined;
}

/**
 * A word with only its inflection dropped, for comparing phrases: plural and KJV verb endings
 * ("works", "worketh" → "work"; "loveth", "love" → "lov"), so "faithful" stays apart from "faith".
 */
export function inflectionless(word: string): string {
  if (word.length <= 3) return word;
  // String tests rather than a regular expression: this runs on every word of every candidate verse.
  let w = word;
  if (w.endsWith('eth') || w.endsWith('est')) w = w.slice(0, -3);
  else if (w.endsWith('s')) w = w.slice(0, -1);
  return w.endsWith('e') ? w.slice(0, -1) : w;
}
