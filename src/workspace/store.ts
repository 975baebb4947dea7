import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { WorkspaceError } from './errors.js';
import { bookmarkAt, insertNote, mergeBookmark, noteById } from './items-table.js';
import type { LocalDate } from './local-date.js';
import { type MergeOptions, type MergeReport, mergeItems } from './merge.js';
import type { Plan } from './plans/plan.js';
import { allPlans, deletePlan, insertPlan, markDays, moveDays, planById } from './plans-table.js';
import {
  type Bookmark,
  type BookmarkRow,
  cleanNoteText,
  type ExchangeBookmark,
  type ExchangeNote,
  type Note,
  type NoteFilter,
  type NoteRow,
  type Range,
  rangeText,
  type StartedPlan,
  toBookmark,
  toNote,
  whereOf,
} from './records.js';
import { SCHEMA } from './schema.js';
import { cleanTags } from './tags.js';

export { userStorePath } from '../config/paths.js';
export type { MergeOptions, MergeReport } from './merge.js';
export {
  type Bookmark,
  cleanNoteText,
  type ExchangeBookmark,
  type ExchangeNote,
  type Note,
  type NoteFilter,
  type Range,
  rangeOf,
  rangeText,
  type StartedPlan,
} from './records.js';

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

const noNote = (id: number) => new WorkspaceError('not-found', `no note #${id} (bible note list shows them)`);

/**
 * The user's workspace in SQLite. Every change is one transaction, so a command either happens
 * whole or not at all (SQLite's journal makes the write atomic); the file is created mode 0600
 * (notes are private), and `bible library import`, which only replaces library.sqlite, never
 * touches it. The tables' own reads and writes are in plans-table.ts, items-table.ts and merge.ts.
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
    return this.write(() => insertPlan(this.db, plan, start, now));
  }

  plans(): StartedPlan[] {
    return this.hasTable('plans') ? allPlans(this.db) : [];
  }

  plan(id: string): StartedPlan | undefined {
    return planById(this.db, id);
  }

  /** Marks days of a plan read on `today`; returns the days that were not read before. */
  markDone(planId: string, days: number[], today: LocalDate): number[] {
    return this.write(() => markDays(this.db, planId, days, today));
  }

  /** Gives days of a plan new due dates. */
  reschedule(planId: string, due: Map<number, LocalDate>): void {
    this.write(() => moveDays(this.db, planId, due));
  }

  stopPlan(id: string): boolean {
    return this.write(() => deletePlan(this.db, id));
  }

  // ---- notes ----

  addNote(range: Range, text: string, tags: string[], now: Date): Note {
    const stamp = now.toISOString();
    // The global Web Crypto, loaded on first use: node:crypto imported would load (~3 ms) on every
    // passage that reads the workspace for its marks.
    return this.write(() =>
      insertNote(this.db, crypto.randomUUID(), range, cleanNoteText(text), cleanTags(tags), stamp, stamp),
    );
  }

  note(id: number): Note | undefined {
    return noteById(this.db, id);
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
      if (!note) throw noNote(id);
      const text = changes.text === undefined ? note.text : cleanNoteText(changes.text);
      const tags = changes.tags === undefined ? note.tags : cleanTags(changes.tags);
      this.db
        .prepare('UPDATE notes SET text = ?, tags = ?, updated_at = ? WHERE id = ?')
        .run(text, JSON.stringify(tags), now.toISOString(), id);
      return this.note(id) as Note;
    });
  }

  /**
   * Removes notes by id, all or none: an unknown id removes nothing. Their uids are kept, so
   * that an import of an older export does not bring them back unasked (merge.ts).
   */
  removeNotes(ids: number[], now: Date): Note[] {
    return this.write(() => {
      const notes = ids.map((id) => {
        const note = this.note(id);
        if (!note) throw noNote(id);
        return note;
      });
      const remove = this.db.prepare('DELETE FROM notes WHERE id = ?');
      const remember = this.db.prepare('INSERT OR REPLACE INTO deleted_notes (uid, deleted_at) VALUES (?, ?)');
      for (const n of notes) {
        remove.run(n.id);
        remember.run(n.uid, now.toISOString());
      }
      return notes;
    });
  }

  // ---- bookmarks ----

  /** Bookmarks a range, or adds tags to the bookmark it has; `created` tells which. */
  addBookmark(range: Range, tags: string[], now: Date): { bookmark: Bookmark; created: boolean } {
    return this.write(() => mergeBookmark(this.db, range, cleanTags(tags), now.toISOString()));
  }

  removeBookmark(range: Range): Bookmark {
    return this.write(() => {
      const old = bookmarkAt(this.db, range);
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

  /** Merges notes and bookmarks from an export in one transaction (merge.ts says how). */
  merge(items: { notes: ExchangeNote[]; bookmarks: ExchangeBookmark[] }, options: MergeOptions): MergeReport {
    return this.write(() => mergeItems(this.db, items, options));
  }
}
