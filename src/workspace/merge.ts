import type Database from 'better-sqlite3';
import { insertNote, mergeBookmark } from './items-table.js';
import {
  cleanNoteText,
  type ExchangeBookmark,
  type ExchangeNote,
  type NoteRow,
  RANGE_COLUMNS,
  type Range,
  rangeOfRow,
  rangeParams,
} from './records.js';
import { cleanTags } from './tags.js';

export interface MergeReport {
  notesAdded: number;
  notesUpdated: number;
  notesSkipped: number;
  /** Notes deleted here since the export was made: left out unless restored. */
  notesDeletedHere: number;
  bookmarksAdded: number;
  bookmarksMerged: number;
}

export interface MergeOptions {
  /** The import's time: a note edited by hand in the file is stamped with it. */
  now: Date;
  /** Brings back notes deleted here that the file still holds. */
  restore?: boolean;
}

const UPDATE_NOTE = `UPDATE notes SET ${RANGE_COLUMNS.split(', ')
  .map((c) => `${c} = ?`)
  .join(', ')}, text = ?, tags = ?, created_at = ?, updated_at = ? WHERE id = ?`;

const rangeKey = (r: Range) => rangeParams(r).join(':');

/**
 * The notes here by reference and text, read a chapter at a time when the import first reaches
 * it: a note of the import is looked up, not compared with every note on its chapter (which made
 * an import quadratic in the notes of one chapter). Counts, since two uids may hold the same text.
 */
class TextsByRange {
  private readonly loaded = new Set<string>();
  private readonly counts = new Map<string, number>();
  private readonly read: Database.Statement;

  constructor(db: Database.Database) {
    this.read = db.prepare(`SELECT ${RANGE_COLUMNS}, text FROM notes WHERE book = ? AND start_chapter = ?`);
  }

  private chapter(r: Range): void {
    const chapter = `${r.book}:${r.start.chapter}`;
    if (this.loaded.has(chapter)) return;
    this.loaded.add(chapter);
    for (const row of this.read.iterate(r.book, r.start.chapter) as Iterable<NoteRow>) {
      this.add(rangeOfRow(row), row.text, 1);
    }
  }

  has(r: Range, text: string): boolean {
    this.chapter(r);
    return (this.counts.get(`${rangeKey(r)}\n${text}`) ?? 0) > 0;
  }

  /** Keeps the counts true as the import adds (+1) or changes (-1 then +1) a note. */
  add(r: Range, text: string, by: 1 | -1): void {
    if (!this.loaded.has(`${r.book}:${r.start.chapter}`)) return;
    const key = `${rangeKey(r)}\n${text}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + by);
  }
}

/**
 * Merges notes and bookmarks from an export, inside the store's transaction, in time linear in
 * the import. A note whose uid is here takes the file's version when that was edited later, or
 * when its dates are the same but its reference, text or tags differ (edited by hand in the
 * file: stamped with the import's time); else it is skipped. A note deleted here stays deleted
 * unless `restore` (or the file's copy was edited after the deletion). A note with a new uid but
 * the same reference and text as one here is the same note and is skipped. A bookmark on a
 * reference already bookmarked adds its tags. Importing the same file twice changes nothing the
 * second time.
 */
export function mergeItems(
  db: Database.Database,
  items: { notes: ExchangeNote[]; bookmarks: ExchangeBookmark[] },
  options: MergeOptions,
): MergeReport {
  const report: MergeReport = {
    notesAdded: 0,
    notesUpdated: 0,
    notesSkipped: 0,
    notesDeletedHere: 0,
    bookmarksAdded: 0,
    bookmarksMerged: 0,
  };
  const byUid = db.prepare('SELECT * FROM notes WHERE uid = ?');
  const deletedAt = db.prepare('SELECT deleted_at FROM deleted_notes WHERE uid = ?').pluck();
  const undelete = db.prepare('DELETE FROM deleted_notes WHERE uid = ?');
  const update = db.prepare(UPDATE_NOTE);
  const texts = new TextsByRange(db);
  const stamp = options.now.toISOString();
  for (const n of items.notes) {
    const text = cleanNoteText(n.text);
    const tags = cleanTags(n.tags);
    const same = byUid.get(n.uid) as NoteRow | undefined;
    if (same) {
      const here = rangeOfRow(same);
      const edited = rangeKey(n.range) !== rangeKey(here) || text !== same.text || JSON.stringify(tags) !== same.tags;
      const later = n.updated > same.updated_at;
      if (later || (edited && n.updated === same.updated_at)) {
        texts.add(here, same.text, -1);
        update.run(...rangeParams(n.range), text, JSON.stringify(tags), n.created, later ? n.updated : stamp, same.id);
        texts.add(n.range, text, 1);
        report.notesUpdated++;
      } else report.notesSkipped++;
      continue;
    }
    const deleted = deletedAt.get(n.uid) as string | undefined;
    if (deleted !== undefined) {
      if (!options.restore && n.updated <= deleted) {
        report.notesDeletedHere++;
        continue;
      }
      undelete.run(n.uid);
    }
    if (texts.has(n.range, text)) {
      report.notesSkipped++;
      continue;
    }
    insertNote(db, n.uid, n.range, text, tags, n.created, n.updated);
    texts.add(n.range, text, 1);
    report.notesAdded++;
  }
  for (const b of items.bookmarks) {
    const { created } = mergeBookmark(db, b.range, cleanTags(b.tags), b.created);
    if (created) report.bookmarksAdded++;
    else report.bookmarksMerged++;
  }
  return report;
}
