import type Database from 'better-sqlite3';
import {
  type Bookmark,
  type BookmarkRow,
  type Note,
  type NoteRow,
  RANGE_COLUMNS,
  type Range,
  rangeParams,
  SAME_RANGE,
  toBookmark,
  toNote,
} from './records.js';
import { cleanTags } from './tags.js';

// Rows of notes and bookmarks written and read by the store and the import alike, inside the
// store's transaction; the text and tags given are already clean.

export function insertNote(
  db: Database.Database,
  uid: string,
  range: Range,
  text: string,
  tags: string[],
  created: string,
  updated: string,
): Note {
  const info = db
    .prepare(
      `INSERT INTO notes (uid, ${RANGE_COLUMNS}, text, tags, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(uid, ...rangeParams(range), text, JSON.stringify(tags), created, updated);
  return noteById(db, Number(info.lastInsertRowid)) as Note;
}

export function noteById(db: Database.Database, id: number): Note | undefined {
  const row = db.prepare('SELECT * FROM notes WHERE id = ?').get(id) as NoteRow | undefined;
  return row && toNote(row);
}

export function bookmarkAt(db: Database.Database, range: Range): Bookmark | undefined {
  const row = db.prepare(`SELECT * FROM bookmarks WHERE ${SAME_RANGE}`).get(...rangeParams(range)) as
    | BookmarkRow
    | undefined;
  return row && toBookmark(row);
}

/** Bookmarks a range, or adds tags to the bookmark it has (keeping the earlier date); `created` tells which. */
export function mergeBookmark(
  db: Database.Database,
  range: Range,
  tags: string[],
  created: string,
): { bookmark: Bookmark; created: boolean } {
  const old = bookmarkAt(db, range);
  if (!old) {
    db.prepare(`INSERT INTO bookmarks (${RANGE_COLUMNS}, tags, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
      ...rangeParams(range),
      JSON.stringify(tags),
      created,
    );
    return { bookmark: bookmarkAt(db, range) as Bookmark, created: true };
  }
  const merged = cleanTags([...old.tags, ...tags]);
  const earliest = created < old.created ? created : old.created;
  db.prepare('UPDATE bookmarks SET tags = ?, created_at = ? WHERE id = ?').run(
    JSON.stringify(merged),
    earliest,
    old.id,
  );
  return { bookmark: bookmarkAt(db, range) as Bookmark, created: false };
}
