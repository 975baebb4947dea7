import { newStemmer } from 'snowball-stemmers';
import { fold } from '../search/matches.js';

/**
 * Snowball's stemmer for each language a translation may be in besides English (whose words the
 * index stems with SQLite's Porter tokenizer). snowball-stemmers (^0.6, pure JavaScript, no
 * dependencies, any Node) is a port of the Snowball algorithms themselves and stems accented
 * forms as Snowball does ("perdonó", "conoceréis", "salvación"), where @nlpjs/lang-es's stemmer
 * left them whole; natural pulls in database clients for one stemmer.
 */
const SNOWBALL_NAMES: Record<string, string> = { es: 'spanish' };

const stemmers = new Map<string, (word: string) => string>();

/** The languages (BCP 47 base codes) with a stemmer here. */
export const STEMMED_LANGUAGES: readonly string[] = Object.keys(SNOWBALL_NAMES);

/**
 * A word's stem in a language, as the index compares it: the word stemmed as written (Snowball
 * reads the accents: "perdonó" → perdon), then folded like every indexed token ("corazón" →
 * corazon). Undefined for a language without a stemmer.
 */
export function stemmerOf(language: string | undefined): ((word: string) => string) | undefined {
  const base = language?.toLowerCase().split('-')[0] ?? '';
  const name = SNOWBALL_NAMES[base];
  if (!name) return undefined;
  let stem = stemmers.get(base);
  if (!stem) {
    const snowball = newStemmer(name);
    stem = (word: string) => fold(snowball.stem(word.toLowerCase()));
    stemmers.set(base, stem);
  }
  return stem;
}

/** A text's words as the index tokenizes it (letters and digits), lower case, accents kept for the stemmer. */
export function textWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
