import type { LibraryBase } from './library-file.js';

export interface NoteRow {
  verse_start: number;
  verse_end: number;
  text: string;
}

/** A commentary's outline heading over a verse range, as `bible find` ranked it: BM25 relevance, higher is better. */
export interface RankedHeading {
  commentary: string;
  book: number;
  chapter: number;
  verse_start: number;
  verse_end: number;
  text: string;
  score: number;
}

/** The commentaries' notes and their chapter outlines' headings. */
export function CommentaryReader<B extends LibraryBase>(Base: B) {
  return class CommentaryReader extends Base {
    notesInChapter(commentary: string, book: number, chapter: number): NoteRow[] {
      return this.stmt(
        'SELECT verse_start, verse_end, text FROM commentary_notes WHERE commentary = ? AND book = ? AND chapter = ? ORDER BY verse_start',
      ).all(commentary, book, chapter) as NoteRow[];
    }

    noteAt(commentary: string, book: number, chapter: number, verse: number): NoteRow | undefined {
      return this.stmt(
        `SELECT verse_start, verse_end, text FROM commentary_notes
         WHERE commentary = ? AND book = ? AND chapter = ? AND verse_start <= ? AND verse_end >= ?
         ORDER BY verse_start DESC LIMIT 1`,
      ).get(commentary, book, chapter, verse, verse) as NoteRow | undefined;
    }

    /** Headings of the given commentaries' chapter outlines matching an FTS5 expression (commentary_headings_fts), best first. */
    rankedHeadings(commentaries: readonly string[], match: string, limit: number): RankedHeading[] {
      if (!commentaries.length) return [];
      return this.stmt(
        `SELECT h.commentary, h.book, h.chapter, h.verse_start, h.verse_end, h.text, -bm25(commentary_headings_fts) AS score
         FROM commentary_headings_fts f JOIN commentary_headings h ON h.id = f.rowid
         WHERE commentary_headings_fts MATCH ? AND h.commentary IN (SELECT value FROM json_each(?))
         ORDER BY bm25(commentary_headings_fts) LIMIT ?`,
      ).all(match, JSON.stringify(commentaries), limit) as RankedHeading[];
    }
  };
}
