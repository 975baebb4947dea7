import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { findBook } from '../core/canon/canon.js';
import { formatReference, type Reference, type VersePoint } from '../core/reference/reference.js';
import { WorkspaceError } from './errors.js';
import { addDays, type LocalDate } from './local-date.js';
import type { Plan } from './plans/plan.js';
import type { Portion } from './plans/schedule.js';
import { cleanTags } from './tags.js';

export { userStorePath } from '../config/paths.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS plans (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  source TEXT NOT NULL,
  start_date TEXT NOT NULL,
  started_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS plan_portions (
  plan_id TEXT NOT NULL REFERENCES plans(id) ON DELETE CASCADE,
  day INTEGER NOT NULL,
  refs TEXT NOT NULL,
  due TEXT NOT NULL,
  done_on TEXT,
  PRIMARY KEY (plan_id, day)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS notes (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  book INTEGER NOT NULL,
  start_chapter INTEGER NOT NULL,
  start_verse INTEGER NOT NULL,
  end_chapter INTEGER NOT NULL,
  end_verse INTEGER NOT NULL,
  text TEXT NOT NULL,
  tags TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS notes_by_book ON notes (book, start_chapter);
CREATE TABLE IF NOT EXISTS bookmarks (
  id INTEGER PRIMARY KEY,
  book INTEGER NOT NULL,
  start_chapter INTEGER NOT NULL,
  start_verse INTEGER NOT NULL,
  end_chapter INTEGER NOT NULL,
  end_verse INTEGER NOT NULL,
  tags TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (book, start_chapter, start_verse, end_chapter, end_verse)
);
`;

/** A verse range inside one book, as stored. */
export interface Range {
  book: number;
  start: VersePoint;
  end: VersePoint;
}

export interface Note {
  id: number;
  /** Stable across stores: import matches notes by it. */
  uid: string;
  ref: string;
  range: Range;
  text: string;
  tags: string[];
  created: string;
  updated: string;
}

export interface Bookmark {
  id: number;
  ref: string;
  range: Range;
  tags: string[];
  created: string;
}

export interface StartedPlan {
  id: string;
  name: string;
  source: string;
  start: LocalDate;
  portions: Portion[];
}

export interface NoteFilter {
  /** Notes that overlap this range. */
  range?: Range;
  tag?: string;
  /** Case-insensitive text the note contains. */
  search?: string;
}

const RANGE_COLUMNS = 'book, start_chapter, start_verse, end_chapter, end_verse';
// Rows overlapping a range: chapter*1000+verse orders verses within a book.
const OVERLAPS = 'book = ? AND start_chapter * 1000 + start_verse <= ? AND end_chapter * 1000 + end_verse >= ?';
const HAS_TAG = 'EXISTS (SELECT 1 FROM json_each(tags) WHERE lower(value) = lower(?))';

interface RangeRow {
  book: number;
  start_chapter: number;
  start_verse: number;
  end_chapter: number;
  end_verse: number;
}
interface NoteRow extends RangeRow {
  id: number;
  uid: string;
  text: string;
  tags: string;
  created_at: string;
  updated_at: string;
}
interface BookmarkRow extends RangeRow {
  id: number;
  tags: string;
  created_at: string;
}

const pos = (p: VersePoint) => p.chapter * 1000 + p.verse;

/** The WHERE clause of a note or bookmark filter, with its parameters. */
function whereOf(filter: NoteFilter): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.range) {
    clauses.push(OVERLAPS);
    params.push(filter.range.book, pos(filter.range.end), pos(filter.range.start));
  }
  if (filter.tag) {
    clauses.push(HAS_TAG);
    params.push(filter.tag);
  }
  if (filter.search) {
    clauses.push('instr(lower(text), lower(?)) > 0');
    params.push(filter.search);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export function rangeOf(ref: Reference): Range {
  return { book: ref.book.number, start: { ...ref.start }, end: { ...ref.end } };
}

/** The canonical text of a stored range ("John 3:16"). */
export function rangeText(r: Range): string {
  return formatReference({ book: findBook(r.book)!, start: r.start, end: r.end });
}

function rangeOfRow(r: RangeRow): Range {
  return {
    book: r.book,
    start: { chapter: r.start_chapter, verse: r.start_verse },
    end: { chapter: r.end_chapter, verse: r.end_verse },
  };
}

const rangeParams = (r: Range) => [r.book, r.start.chapter, r.start.verse, r.end.chapter, r.end.verse];

function toNote(r: NoteRow): Note {
  const range = rangeOfRow(r);
  return {
    id: r.id,
    uid: r.uid,
    ref: rangeText(range),
    range,
    text: r.text,
    tags: JSON.parse(r.tags) as string[],
    created: r.created_at,
    updated: r.updated_at,
  };
}

function toBookmark(r: BookmarkRow): Bookmark {
  const range = rangeOfRow(r);
  return { id: r.id, ref: rangeText(range), range, tags: JSON.parse(r.tags) as string[], created: r.created_at };
}

// A note is for reading, not a book: a bound that keeps any one write small.
const MAX_NOTE_CHARS = 100_000;

/** A note's text as stored: line ends as \n, surrounding blank space trimmed, never empty. */
export function cleanNoteText(text: string): string {
  const clean = text.replace(/\r\n?/g, '\n').trim();
  if (!clean) throw new WorkspaceError('usage', 'the note is empty; nothing saved');
  if (clean.length > MAX_NOTE_CHARS)
    throw new WorkspaceError('usage', `a note holds at most ${MAX_NOTE_CHARS} characters`);
  return clean;
}

/** Opens the database, saying which file it is when it is not one (a stray file, a damaged copy). */
function opened(path: string, open: () => Database.Database): Database.Database {
  try {
    return open();
  } catch (err) {
    if (err instanceof Database.SqliteError && /NOTADB|CORRUPT/.test(err.code))
      throw new Error(`${path} is not a workspace database (${err.message}); move it aside to start a new one`);
    throw err;
  }
}

/**
 * The user's workspace in SQLite. Every change is one transaction, so a command either happens
 * whole or not at all (SQLite's journal makes the write atomic); the file is created mode 0600
 * (notes are private), and `bible library import`, which only replaces library.sqlite, never
 * touches it.
 */
export class UserStore {
  private constructor(private readonly db: Database.Database) {}

  /** Opens the store for changes, creating it (mode 0600) when there is none. */
  static open(path: string): UserStore {
    mkdirSync(dirname(path), { recursive: true });
    if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
    // Also when the file came from elsewhere (a copy, an older umask): notes are private.
    chmodSync(path, 0o600);
    return new UserStore(
      opened(path, () => {
        const db = new Database(path);
        db.pragma('busy_timeout = 5000');
        db.pragma('foreign_keys = ON');
        db.exec(SCHEMA);
        return db;
      }),
    );
  }

  /** Opens an existing store for reading only; undefined when there is none (reading must not create it). */
  static openIfExists(path: string): UserStore | undefined {
    if (!existsSync(path)) return undefined;
    return new UserStore(
      opened(path, () => {
        const db = new Database(path, { readonly: true, fileMustExist: true });
        db.pragma('busy_timeout = 5000');
        db.prepare('SELECT count(*) FROM sqlite_master').get();
        return db;
      }),
    );
  }

  close(): void {
    this.db.close();
  }

  private hasTable(name: string): boolean {
    return !!this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
  }

  /** Runs `fn` as one write transaction. */
  write<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  // ---- plans ----

  startPlan(plan: Plan, start: LocalDate, now: Date): StartedPlan {
    return this.write(() => {
      if (this.db.prepare('SELECT 1 FROM plans WHERE id = ?').get(plan.id))
        throw new WorkspaceError(
          'conflict',
          `plan '${plan.id}' is already started (bible plan stop ${plan.id} to start over)`,
        );
      this.db
        .prepare('INSERT INTO plans (id, name, source, start_date, started_at) VALUES (?, ?, ?, ?, ?)')
        .run(plan.id, plan.name, plan.source, start, now.toISOString());
      const insert = this.db.prepare('INSERT INTO plan_portions (plan_id, day, refs, due) VALUES (?, ?, ?, ?)');
      plan.days.forEach((refs, i) => {
        insert.run(plan.id, i + 1, refs.join('; '), addDays(start, i));
      });
      return this.plan(plan.id) as StartedPlan;
    });
  }

  plans(): StartedPlan[] {
    if (!this.hasTable('plans')) return [];
    const ids = this.db.prepare('SELECT id FROM plans ORDER BY started_at, id').pluck().all() as string[];
    return ids.map((id) => this.plan(id) as StartedPlan);
  }

  plan(id: string): StartedPlan | undefined {
    const row = this.db.prepare('SELECT * FROM plans WHERE id = ?').get(id.toLowerCase()) as
      | { id: string; name: string; source: string; start_date: string }
      | undefined;
    if (!row) return undefined;
    const portions = (
      this.db
        .prepare('SELECT day, refs, due, done_on FROM plan_portions WHERE plan_id = ? ORDER BY day')
        .all(row.id) as Array<{
        day: number;
        refs: string;
        due: string;
        done_on: string | null;
      }>
    ).map((p) => ({ day: p.day, refs: p.refs.split('; '), due: p.due, doneOn: p.done_on }));
    return { id: row.id, name: row.name, source: row.source, start: row.start_date, portions };
  }

  /** Marks days of a plan read on `today`; returns the days that were not read before. */
  markDone(planId: string, days: number[], today: LocalDate): number[] {
    return this.write(() =>
      days.filter(
        (day) =>
          this.db
            .prepare('UPDATE plan_portions SET done_on = ? WHERE plan_id = ? AND day = ? AND done_on IS NULL')
            .run(today, planId, day).changes > 0,
      ),
    );
  }

  /** Gives days of a plan new due dates. */
  reschedule(planId: string, due: Map<number, LocalDate>): void {
    this.write(() => {
      const update = this.db.prepare('UPDATE plan_portions SET due = ? WHERE plan_id = ? AND day = ?');
      for (const [day, date] of due) update.run(date, planId, day);
    });
  }

  stopPlan(id: string): boolean {
    return this.write(() => this.db.prepare('DELETE FROM plans WHERE id = ?').run(id.toLowerCase()).changes > 0);
  }

  // ---- notes ----

  addNote(range: Range, text: string, tags: string[], now: Date): Note {
    const stamp = now.toISOString();
    // The global Web Crypto, loaded on first use: node:crypto imported would load (~3 ms) on every
    // passage that reads the workspace for its marks.
    return this.write(() =>
      this.insertNote(crypto.randomUUID(), range, cleanNoteText(text), cleanTags(tags), stamp, stamp),
    );
  }

  private insertNote(uid: string, range: Range, text: string, tags: string[], created: string, updated: string): Note {
    const info = this.db
      .prepare(
        `INSERT INTO notes (uid, ${RANGE_COLUMNS}, text, tags, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(uid, ...rangeParams(range), text, JSON.stringify(tags), created, updated);
    return this.note(Number(info.lastInsertRowid)) as Note;
  }

  note(id: number): Note | undefined {
    const row = this.db.prepare('SELECT * FROM notes WHERE id = ?').get(id) as NoteRow | undefined;
    return row && toNote(row);
  }

  notes(filter: NoteFilter = {}): Note[] {
    if (!this.hasTable('notes')) return [];
    const { where, params } = whereOf(filter);
    const sql = `SELECT * FROM notes ${where} ORDER BY book, start_chapter, start_verse, end_chapter, end_verse, created_at, id`;
    return (this.db.prepare(sql).all(...params) as NoteRow[]).map(toNote);
  }

  updateNote(id: number, changes: { text?: string; tags?: string[] }, now: Date): Note {
    return this.write(() => {
      const note = this.note(id);
      if (!note) throw new WorkspaceError('not-found', `no note #${id} (bible note list shows them)`);
      const text = changes.text === undefined ? note.text : cleanNoteText(changes.text);
      const tags = changes.tags === undefined ? note.tags : cleanTags(changes.tags);
      this.db
        .prepare('UPDATE notes SET text = ?, tags = ?, updated_at = ? WHERE id = ?')
        .run(text, JSON.stringify(tags), now.toISOString(), id);
      return this.note(id) as Note;
    });
  }

  /** Removes notes by id, all or none: an unknown id removes nothing. */
  removeNotes(ids: number[]): Note[] {
    return this.write(() => {
      const notes = ids.map((id) => {
        const note = this.note(id);
        if (!note) throw new WorkspaceError('not-found', `no note #${id} (bible note list shows them)`);
        return note;
      });
      for (const n of notes) this.db.prepare('DELETE FROM notes WHERE id = ?').run(n.id);
      return notes;
    });
  }

  // ---- bookmarks ----

  private bookmarkAt(range: Range): Bookmark | undefined {
    const row = this.db
      .prepare(
        'SELECT * FROM bookmarks WHERE book = ? AND start_chapter = ? AND start_verse = ? AND end_chapter = ? AND end_verse = ?',
      )
      .get(...rangeParams(range)) as BookmarkRow | undefined;
    return row && toBookmark(row);
  }

  /** Bookmarks a range, or adds tags to the bookmark it has; `created` tells which. */
  addBookmark(range: Range, tags: string[], now: Date): { bookmark: Bookmark; created: boolean } {
    return this.write(() => this.mergeBookmark(range, cleanTags(tags), now.toISOString()));
  }

  private mergeBookmark(range: Range, tags: string[], created: string): { bookmark: Bookmark; created: boolean } {
    const old = this.bookmarkAt(range);
    if (!old) {
      this.db
        .prepare(`INSERT INTO bookmarks (${RANGE_COLUMNS}, tags, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
        .run(...rangeParams(range), JSON.stringify(tags), created);
      return { bookmark: this.bookmarkAt(range) as Bookmark, created: true };
    }
    const merged = cleanTags([...old.tags, ...tags]);
    const earliest = created < old.created ? created : old.created;
    this.db
      .prepare('UPDATE bookmarks SET tags = ?, created_at = ? WHERE id = ?')
      .run(JSON.stringify(merged), earliest, old.id);
    return { bookmark: this.bookmarkAt(range) as Bookmark, created: false };
  }

  removeBookmark(range: Range): Bookmark {
    return this.write(() => {
      const old = this.bookmarkAt(range);
      if (!old) throw new WorkspaceError('not-found', `no bookmark at ${rangeText(range)}`);
      this.db.prepare('DELETE FROM bookmarks WHERE id = ?').run(old.id);
      return old;
    });
  }

  bookmarks(filter: Omit<NoteFilter, 'search'> = {}): Bookmark[] {
    if (!this.hasTable('bookmarks')) return [];
    const { where, params } = whereOf(filter);
    const sql = `SELECT * FROM bookmarks ${where} ORDER BY book, start_chapter, start_verse, end_chapter, end_verse`;
    return (this.db.prepare(sql).all(...params) as BookmarkRow[]).map(toBookmark);
  }

  // ---- import ----

  /**
   * Merges notes and bookmarks from an export, in one transaction: a note whose uid is here
   * already keeps the later edit; a note with a new uid but the same reference and text as one
   * here is the same note and is skipped; a bookmark on a reference already bookmarked adds
   * its tags. Importing the same file twice changes nothing the second time.
   */
  merge(items: { notes: ExchangeNote[]; bookmarks: ExchangeBookmark[] }): MergeReport {
    return this.write(() => {
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
        const same = this.db.prepare('SELECT * FROM notes WHERE uid = ?').get(n.uid) as NoteRow | undefined;
        if (same) {
          if (n.updated > same.updated_at) {
            this.db
              .prepare(
                `UPDATE notes SET ${RANGE_COLUMNS.split(', ')
                  .map((c) => `${c} = ?`)
                  .join(', ')}, text = ?, tags = ?, created_at = ?, updated_at = ? WHERE id = ?`,
              )
              .run(...rangeParams(n.range), text, JSON.stringify(tags), n.created, n.updated, same.id);
            report.notesUpdated++;
          } else report.notesSkipped++;
          continue;
        }
        const twin = this.db
          .prepare(
            'SELECT 1 FROM notes WHERE book = ? AND start_chapter = ? AND start_verse = ? AND end_chapter = ? AND end_verse = ? AND text = ?',
          )
          .get(...rangeParams(n.range), text);
        if (twin) {
          report.notesSkipped++;
          continue;
        }
        this.insertNote(n.uid, n.range, text, tags, n.created, n.updated);
        report.notesAdded++;
      }
      for (const b of items.bookmarks) {
        const { created } = this.mergeBookmark(b.range, cleanTags(b.tags), b.created);
        if (created) report.bookmarksAdded++;
        else report.bookmarksMerged++;
      }
      return report;
    });
  }
}

/** A note as exchanged in an export file (no local id). */
export type ExchangeNote = Omit<Note, 'id'>;
export type ExchangeBookmark = Omit<Bookmark, 'id'>;

export interface MergeReport {
  notesAdded: number;
  notesUpdated: number;
  notesSkipped: number;
  bookmarksAdded: number;
  bookmarksMerged: number;
}
