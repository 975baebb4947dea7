declare module 'stopword' {
  /** Each language's stop words by its ISO 639-3 code (eng, spa, fra, …), and removeStopwords. */
  const lists: Record<string, string[] | ((...args: unknown[]) => unknown)>;
  export = lists;
}
