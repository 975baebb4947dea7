import { findBook } from '../core/canon/canon.js';
import { formatReference, type Reference, type VersePoint } from '../core/reference/reference.js';
import { WorkspaceError } from './errors.js';
import type { LocalDate } from './local-date.js';
import type { Portion } from './plans/schedule.js';

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

/** A note as exchanged in an export file (no local id). */
export type ExchangeNote = Omit<Note, 'id'>;
export type ExchangeBookmark = Omit<Bookmark, 'id'>;

export const RANGE_COLUMNS = 'book, start_chapter, start_verse, end_chapter, end_verse';
/** The WHERE clause of one exact range, its parameters from `rangeParams`. */
export const SAME_RANGE = 'book = ? AND start_chapter = ? AND start_verse = ? AND end_chapter = ? AND end_verse = ?';
// Rows overlapping a range: chapter*1000+verse orders verses within a book.
const OVERLAPS = 'book = ? AND start_chapter * 1000 + start_verse <= ? AND end_chapter * 1000 + end_verse >= ?';
const HAS_TAG = 'EXISTS (SELECT 1 FROM json_each(tags) WHERE lower(value) = lower(?))';

export interface RangeRow {
  book: number;
  start_chapter: number;
  start_verse: number;
  end_chapter: number;
  end_verse: number;
}
export interface NoteRow extends RangeRow {
  id: number;
  uid: string;
  text: string;
  tags: string;
  created_at: string;
  updated_at: string;
}
export interface BookmarkRow extends RangeRow {
  id: number;
  tags: string;
  created_at: string;
}

const pos = (p: VersePoint) => p.chapter * 1000 + p.verse;

/** The WHERE clause of a note or bookmark filter, with its parameters. */
export function whereOf(filter: NoteFilter): { where: string; params: unknown[] } {
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

export function rangeOfRow(r: RangeRow): Range {
  return {
    book: r.book,
    start: { chapter: r.start_chapter, verse: r.start_verse },
    end: { chapter: r.end_chapter, verse: r.end_verse },
  };
}

export const rangeParams = (r: Range) => [r.book, r.start.chapter, r.start.verse, r.end.chapter, r.end.verse];

export function toNote(r: NoteRow): Note {
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

export function toBookmark(r: BookmarkRow): Bookmark {
  const range = rangeOfRow(r);
  return { id: r.id, ref: rangeText(range), range, tags: JSON.parse(r.tags) as string[], created: r.created_at };
}

// A note is for reading, not a book: a bound that keeps any one write small.
export const MAX_NOTE_CHARS = 100_000;

/** A note's text as stored: line ends as \n, surrounding blank space trimmed, never empty. */
export function cleanNoteText(text: string): string {
  const clean = text.replace(/\r\n?/g, '\n').trim();
  if (!clean) throw new WorkspaceError('usage', 'the note is empty; nothing saved');
  if (clean.length > MAX_NOTE_CHARS)
    throw new WorkspaceError('usage', `a note holds at most ${MAX_NOTE_CHARS} characters`);
  return clean;
}
