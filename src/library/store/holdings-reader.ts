import type { LibraryBase } from './library-file.js';

/** A book as a translation holds it, by its own numbering: verses per chapter (0 for a chapter it lacks). */
export interface HeldBook {
  book: number;
  verseCounts: number[];
}

/** What each translation holds: its versification and its books, chapters and verses. */
export function HoldingsReader<B extends LibraryBase>(Base: B) {
  return class HoldingsReader extends Base {
    /** The versification the translation's module numbers its verses by (libsword's name), if recorded. */
    versificationOf(translation: string): string | undefined {
      const value = this.stmt('SELECT value FROM meta WHERE key = ?').pluck().get(`versification:${translation}`) as
        | string
        | undefined;
      return value === undefined ? undefined : (JSON.parse(value) as string);
    }

    /** Whether the translation holds any verse of the book. */
    holdsBook(translation: string, book: number): boolean {
      return (
        this.stmt('SELECT 1 FROM verses INDEXED BY verses_key WHERE translation = ? AND book = ? LIMIT 1').get(
          translation,
          book,
        ) !== undefined
      );
    }

    /** The books the translation holds, in book-number order, each with its highest verse per chapter. */
    heldBooks(translation: string): HeldBook[] {
      const rows = this.stmt(
        'SELECT book, chapter, max(verse) FROM verses INDEXED BY verses_key WHERE translation = ? GROUP BY book, chapter ORDER BY book, chapter',
      )
        .raw()
        .all(translation) as Array<[number, number, number]>;
      const books: HeldBook[] = [];
      for (const [book, chapter, last] of rows) {
        let held = books[books.length - 1];
        if (held?.book !== book) {
          held = { book, verseCounts: [] };
          books.push(held);
        }
        while (held.verseCounts.length < chapter - 1) held.verseCounts.push(0);
        held.verseCounts.push(last);
      }
      return books;
    }
  };
}
