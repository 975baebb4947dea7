import type { LibraryBase } from './library-file.js';

/** A general book's section as stored, without its text. */
export interface GenBookRow {
  idx: number;
  parent: number | null;
  depth: number;
  last: number;
  children: number;
  key: string;
  name: string;
  chars: number;
}

const COLUMNS = 'idx, parent, depth, last, children, key, name, chars';

/** The general books' trees of sections (genbook_sections). */
export function GenBookReader<B extends LibraryBase>(Base: B) {
  return class GenBookReader extends Base {
    /** The section of a key: the one spelt so, else the first whose key differs only in case. */
    genbookSection(book: string, key: string): GenBookRow | undefined {
      return this.stmt(
        `SELECT ${COLUMNS} FROM genbook_sections WHERE book = ? AND key = ? COLLATE NOCASE ORDER BY key = ? DESC, idx LIMIT 1`,
      ).get(book, key, key) as GenBookRow | undefined;
    }

    /** The section at a place in the book's order. */
    genbookSectionAt(book: string, idx: number): GenBookRow | undefined {
      return this.stmt(`SELECT ${COLUMNS} FROM genbook_sections WHERE book = ? AND idx = ?`).get(book, idx) as
        | GenBookRow
        | undefined;
    }

    genbookText(book: string, idx: number): string {
      return (this.stmt('SELECT text FROM genbook_sections WHERE book = ? AND idx = ?').pluck().get(book, idx) ??
        '') as string;
    }

    /** A section's first `limit` children, in order. */
    genbookChildren(book: string, parent: number, limit: number): GenBookRow[] {
      return this.stmt(
        `SELECT ${COLUMNS} FROM genbook_sections WHERE book = ? AND parent = ? ORDER BY idx LIMIT ?`,
      ).all(book, parent, limit) as GenBookRow[];
    }

    /**
     * The sections under a section (the whole book for none), in order, at most `depth` levels
     * below it: a page of them and how many there are. A subtree is the idx range up to its last
     * descendant, so the page is read by the key's range, whatever the size of the book.
     */
    genbookContents(
      book: string,
      under: GenBookRow | undefined,
      depth: number,
      offset: number,
      limit: number,
    ): { sections: GenBookRow[]; total: number } {
      const from = under ? under.idx + 1 : 0;
      const to = under ? under.last : Number.MAX_SAFE_INTEGER;
      const deepest = (under?.depth ?? 0) + depth;
      const where = 'book = ? AND idx >= ? AND idx <= ? AND depth <= ?';
      const total = this.stmt(`SELECT count(*) FROM genbook_sections WHERE ${where}`)
        .pluck()
        .get(book, from, to, deepest) as number;
      const sections = this.stmt(
        `SELECT ${COLUMNS} FROM genbook_sections WHERE ${where} ORDER BY idx LIMIT ? OFFSET ?`,
      ).all(book, from, to, deepest, limit, offset) as GenBookRow[];
      return { sections, total };
    }
  };
}
