import Database from 'better-sqlite3';
import type { StoryFields } from '../../core/schemas/stories.js';
import type { TopicSection } from '../../core/schemas/topics.js';
import type { StudyNote, StudySpan } from '../markup/osis-study.js';
import type { ResourceKind, StrongsRow } from '../store/library-store.js';
import { REBUILD_FTS_SQL, SCHEMA_SQL, WORD_MARKS } from '../store/schema.js';
import { buildWordStems } from './word-stems.js';

export type { ResourceKind };

/** A concordance row: number, translation, book, chapter, verse, span index. */
type Occurrence = [string, string, number, number, number, number];

export interface ResourceInfo {
  id: string;
  kind: ResourceKind;
  name: string;
  attribution: string;
  source: string;
}

/** Writes a new library file: schema, prepared inserts, resource counts, then FTS and ANALYZE. */
export class LibraryWriter {
  readonly db: Database.Database;
  private position = 0;
  private readonly insertVerse;
  private readonly insertNote;
  private readonly insertHeading;
  private readonly insertWord;
  private readonly insertOccurrence;
  private readonly insertAnnotation;
  private occurrences: Occurrence[] = [];
  private readonly insertDictionary;
  private readonly insertTopic;
  private readonly insertTopicWord;
  private readonly insertStrongs;
  private readonly insertCrossref;
  private readonly insertCrossrefReach;
  private readonly insertStory;

  constructor(path: string) {
    this.db = new Database(path);
    // A fresh file built in one go and renamed into place only when whole, so the rollback
    // journal can live in memory (better-sqlite3's defensive mode refuses journal_mode = OFF).
    this.db.pragma('journal_mode = MEMORY');
    this.db.pragma('synchronous = OFF');
    this.db.exec(SCHEMA_SQL);
    this.insertVerse = this.db.prepare(
      'INSERT INTO verses (translation, book, chapter, verse, text, title) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.insertWord = this.db.prepare(
      'INSERT INTO verse_words (translation, book, chapter, verse, idx, text, strongs, morph, marks) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertOccurrence = this.db.prepare(
      'INSERT OR IGNORE INTO strongs_occurrences (number, translation, book, chapter, verse, idx) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.insertAnnotation = this.db.prepare(
      'INSERT INTO verse_annotations (translation, book, chapter, verse, headings, notes) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.insertNote = this.db.prepare(
      'INSERT INTO commentary_notes (commentary, book, chapter, verse_start, verse_end, text) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.insertHeading = this.db.prepare(
      'INSERT INTO commentary_headings (commentary, book, chapter, verse_start, verse_end, text) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.insertDictionary = this.db.prepare(
      'INSERT INTO dictionary_entries (dictionary, idx, headword, text) VALUES (?, ?, ?, ?)',
    );
    this.insertTopic = this.db.prepare(
      'INSERT INTO topic_entries (work, slug, headword, sections, text) VALUES (?, ?, ?, ?, ?)',
    );
    this.insertTopicWord = this.db.prepare('INSERT INTO topic_words (work, word, slug) VALUES (?, ?, ?)');
    this.insertStrongs = this.db.prepare(
      'INSERT INTO strongs (number, lexicon, lemma, transliteration, pronunciation, gloss, definition) VALUES (@number, @lexicon, @lemma, @transliteration, @pronunciation, @gloss, @definition)',
    );
    this.insertCrossref = this.db.prepare('INSERT INTO crossrefs (book, chapter, verse, refs) VALUES (?, ?, ?, ?)');
    this.insertCrossrefReach = this.db.prepare(
      'INSERT INTO crossref_reach (book, chapter, verse, books) VALUES (?, ?, ?, ?)',
    );
    this.insertStory = this.db.prepare(
      'INSERT INTO stories (slug, ord, theme_list, testament, kind, data, title, characters, hooks, summary, key_verses) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
  }

  /** Runs a whole source in one transaction (fast, and all-or-nothing per source). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  resource(info: ResourceInfo, count: number): void {
    this.db
      .prepare(
        'INSERT OR REPLACE INTO resources (id, kind, name, attribution, source, count, position) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(info.id, info.kind, info.name, info.attribution, info.source, count, this.position++);
  }

  /** A verse's text, and its canonical title where it has one (a psalm's). */
  verse(translation: string, book: number, chapter: number, verse: number, text: string, title = ''): void {
    this.insertVerse.run(translation, book, chapter, verse, text, title || null);
  }

  /** A verse's word spans, and each tagged span in the concordance under each of its numbers. */
  verseWords(translation: string, book: number, chapter: number, verse: number, spans: StudySpan[]): void {
    spans.forEach((s, idx) => {
      this.insertWord.run(
        translation,
        book,
        chapter,
        verse,
        idx,
        s.text,
        s.strongs.join(' '),
        s.morph.length ? s.morph.join(' ') : null,
        (s.red ? WORD_MARKS.red : 0) | (s.added ? WORD_MARKS.added : 0) | (s.title ? WORD_MARKS.title : 0),
      );
      for (const n of s.strongs) this.occurrences.push([n, translation, book, chapter, verse, idx]);
    });
  }

  /**
   * Writes the concordance rows gathered by `verseWords`, sorted by number first: inserting
   * them in key order is several times faster than one at a time in verse order.
   */
  flushOccurrences(): void {
    const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    this.occurrences.sort(
      (a, b) => text(a[0], b[0]) || text(a[1], b[1]) || a[2] - b[2] || a[3] - b[3] || a[4] - b[4] || a[5] - b[5],
    );
    for (const o of this.occurrences) this.insertOccurrence.run(...o);
    this.occurrences = [];
  }

  /** Removes a translation's word spans when none carries a Strong's number. */
  dropUntaggedWords(translation: string): void {
    this.flushOccurrences();
    if (!this.db.prepare('SELECT 1 FROM strongs_occurrences WHERE translation = ? LIMIT 1').get(translation))
      this.db.prepare('DELETE FROM verse_words WHERE translation = ?').run(translation);
  }

  verseAnnotations(
    translation: string,
    book: number,
    chapter: number,
    verse: number,
    headings: string[],
    notes: StudyNote[],
  ): void {
    if (!headings.length && !notes.length) return;
    this.insertAnnotation.run(translation, book, chapter, verse, JSON.stringify(headings), JSON.stringify(notes));
  }

  deleteTranslation(translation: string): void {
    for (const table of ['verses', 'verse_words', 'strongs_occurrences', 'verse_annotations'])
      this.db.prepare(`DELETE FROM ${table} WHERE translation = ?`).run(translation);
  }

  note(commentary: string, book: number, chapter: number, start: number, end: number, text: string): void {
    this.insertNote.run(commentary, book, chapter, start, end, text);
  }

  heading(commentary: string, book: number, chapter: number, start: number, end: number, text: string): void {
    this.insertHeading.run(commentary, book, chapter, start, end, text);
  }

  dictionaryEntry(dictionary: string, idx: number, headword: string, text: string): void {
    this.insertDictionary.run(dictionary, idx, headword, text);
  }

  topic(work: string, slug: string, headword: string, sections: TopicSection[], text: string): void {
    this.insertTopic.run(work, slug, headword, JSON.stringify(sections), text);
  }

  /** An everyday word that names a topic of the work (Everyday Topics' "worry" for its Anxiety and worry). */
  topicWord(work: string, word: string, slug: string): void {
    this.insertTopicWord.run(work, word, slug);
  }

  strongs(entry: StrongsRow): void {
    this.insertStrongs.run(entry);
  }

  crossref(book: number, chapter: number, verse: number, refs: string[]): void {
    this.insertCrossref.run(book, chapter, verse, JSON.stringify(refs));
  }

  /** How many books of the Bible hold a cross-reference to a verse. */
  crossrefReach(book: number, chapter: number, verse: number, books: number): void {
    this.insertCrossrefReach.run(book, chapter, verse, books);
  }

  /** A story, with its key verses ("Exodus 14:21-22"), the heart of it, which `bible find` reads. */
  story(story: StoryFields, keyVerses: readonly string[] = []): void {
    this.insertStory.run(
      story.slug,
      story.order,
      JSON.stringify(story.themes),
      story.testament,
      story.kind,
      JSON.stringify(story),
      story.title,
      story.characters.join(', '),
      story.hooks.join(' '),
      story.summary,
      JSON.stringify(keyVerses),
    );
  }

  meta(key: string, value: unknown): void {
    this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, JSON.stringify(value));
  }

  finish(): void {
    this.db.exec(REBUILD_FTS_SQL);
    buildWordStems(this.db);
    this.db.exec('ANALYZE');
    // Table and index sizes (sqlite_stat1) guide the planner; the value samples (sqlite_stat4,
    // which better-sqlite3's SQLite gathers) make it prepare a statement anew whenever a bound
    // value changes, which doubled a passage query (24 µs → 11 µs without) and slowed search and
    // find, for no better plan (bench/search.mjs, bench/find.mjs, bench/serve.mjs).
    if (this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat4'").get())
      this.db.exec('DELETE FROM sqlite_stat4');
    this.db.close();
  }

  abort(): void {
    if (this.db.open) this.db.close();
  }
}
