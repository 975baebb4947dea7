declare module 'snowball-stemmers' {
  /** A Snowball stemmer for one language ("spanish", "english", …). */
  export function newStemmer(language: string): { stem(word: string): string };
  export function algorithms(): string[];
}
