import type Database from 'better-sqlite3';
import { insertNote, mergeBookmark } from './items-table.js';
import {
  cleanNoteText,
  type ExchangeBookmark,
  type ExchangeNote,
  type NoteRow,
  RANGE_COLUMNS,
  rangeParams,
  SAME_RANGE,
} from './records.js';
import { cleanTags } from './tags.js';

export interface MergeReport {
  notesAdded: number;
  notesUpdated: number;
  notesSkipped: number;
  bookmarksAdded: number;
  bookmarksMerged: number;
}

const UPDATE_NOTE = `UPDATE notes SET ${RANGE_COLUMNS.split(', ')
  .map((c) => `${c} = ?`)
  .join(', ')}, text = ?, tags = ?, created_at = ?, updated_at = ? WHERE id = ?`;

/**
 * Merges notes and bookmarks from an export, inside the store's transaction: a note whose uid is
 * here already keeps the later edit; a note with a new uid but the same reference and text as one
 * here is the same note and is skipped; a bookmark on a reference already bookmarked adds its
 * tags. Importing the same file twice changes nothing the second time.
 */
export function mergeItems(
  db: Database.Database,
  items: { notes: ExchangeNote[]; bookmarks: ExchangeBookmark[] },
): MergeReport {
  const report: MergeReport = {
    notesAdded: 0,
    notesUpdated: 0,
    notesSkipped: 0,
    bookmarksAdded: 0,
    bookmarksMerged: 0,
  };
  for (const n of items.notes) {
    const text = cleanNoteText(n.text);
    const tags = cleanTags(n.tags);
    const same = db.prepare('SELECT * FROM notes WHERE uid = ?').get(n.uid) as NoteRow | undefined;
    if (same) {
      if (n.updated > same.updated_at) {
        db.prepare(UPDATE_NOTE).run(...rangeParams(n.range), text, JSON.stringify(tags), n.created, n.updated, same.id);
        report.notesUpdated++;
      } else report.notesSkipped++;
      continue;
    }
    const twin = db.prepare(`SELECT 1 FROM notes WHERE ${SAME_RANGE} AND text = ?`).get(...rangeParams(n.range), text);
    if (twin) {
      report.notesSkipped++;
      continue;
    }
    insertNote(db, n.uid, n.range, text, tags, n.created, n.updated);
    report.notesAdded++;
  }
  for (const b of items.bookmarks) {
    const { created } = mergeBookmark(db, b.range, cleanTags(b.tags), b.created);
    if (created) report.bookmarksAdded++;
    else report.bookmarksMerged++;
  }
  return report;
}
