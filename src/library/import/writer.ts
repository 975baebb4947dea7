import Database from 'better-sqlite3';
import { verseKey } from '../../core/reference/verse-key.js';
import type { StoryFields } from '../../core/schemas/stories.js';
import type { TopicSection } from '../../core/schemas/topics.js';
import type { StudyNote, StudySpan } from '../markup/osis-study.js';
import type { ResourceKind, StrongsRow } from '../store/library-store.js';
import { packWords } from '../store/packed-words.js';
import { type Occurrence, packPostings } from '../store/postings.js';
import { REBUILD_FTS_SQL, SCHEMA_SQL, WORD_MARKS } from '../store/schema.js';
import { postingId, postingIdRange, VERSE_ID_SPAN, verseId } from '../store/verse-ids.js';
import { buildLocalWords } from './local-words.js';
import { buildWordStems } from './word-stems.js';

export type { ResourceKind };

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
  private readonly insertWords;
  private readonly insertPostings;
  private readonly insertAnnotation;
  /** Each translation's ordinal (verse-ids.ts), in the order their first verses came. */
  private readonly ordinals = new Map<string, number>();
  /** The concordance of the translation being written: each number's occurrences. */
  private occurrences = new Map<string, Array<Occurrence & { text: string }>>();
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
      'INSERT INTO verses (id, translation, book, chapter, verse, text, title) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertWords = this.db.prepare('INSERT INTO verse_words (id, words) VALUES (?, ?)');
    this.insertPostings = this.db.prepare('INSERT INTO strongs_postings (id, occurrences) VALUES (?, ?)');
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

  private ordinal(translation: string): number {
    let n = this.ordinals.get(translation);
    if (n === undefined) {
      n = this.ordinals.size + 1;
      this.ordinals.set(translation, n);
    }
    return n;
  }

  /**
   * A verse's text, and its canonical title where it has one (a psalm's); and for a translation
   * tagged with Strong's numbers, its word spans, packed, and each tagged span in the concordance
   * under each of its numbers (written by `flushOccurrences`).
   */
  verse(
    translation: string,
    book: number,
    chapter: number,
    verse: number,
    text: string,
    title = '',
    spans?: readonly StudySpan[],
  ): void {
    const key = verseKey(book, chapter, verse);
    const id = verseId(this.ordinal(translation), key);
    this.insertVerse.run(id, translation, book, chapter, verse, text, title || null);
    if (!spans) return;
    const packed = spans.map((s, idx) => {
      for (const n of s.strongs) {
        let list = this.occurrences.get(n);
        if (!list) {
          list = [];
          this.occurrences.set(n, list);
        }
        list.push({ key, idx, text: s.text });
      }
      return {
        text: s.text,
        strongs: s.strongs,
        morph: s.morph,
        marks: (s.red ? WORD_MARKS.red : 0) | (s.added ? WORD_MARKS.added : 0) | (s.title ? WORD_MARKS.title : 0),
      };
    });
    this.insertWords.run(id, packWords(packed, text, title));
  }

  /**
   * Writes the concordance gathered by `verse` for the translation, one packed row per number; a
   * translation whose spans carry no number at all keeps no words either.
   */
  flushOccurrences(translation: string): void {
    const ordinal = this.ordinal(translation);
    if (!this.occurrences.size) {
      const first = verseId(ordinal, 0);
      this.db.prepare('DELETE FROM verse_words WHERE id BETWEEN ? AND ?').run(first, first + VERSE_ID_SPAN - 1);
    }
    for (const [n, list] of this.occurrences) {
      const id = postingId(ordinal, n);
      if (id === undefined) throw new RangeError(`not a normalised Strong's number: ${n}`);
      this.insertPostings.run(id, packPostings(list));
    }
    this.occurrences = new Map();
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
    for (const table of ['verses', 'verse_annotations'])
      this.db.prepare(`DELETE FROM ${table} WHERE translation = ?`).run(translation);
    const ordinal = this.ordinal(translation);
    const first = verseId(ordinal, 0);
    this.db.prepare('DELETE FROM verse_words WHERE id BETWEEN ? AND ?').run(first, first + VERSE_ID_SPAN - 1);
    this.db.prepare('DELETE FROM strongs_postings WHERE id BETWEEN ? AND ?').run(...postingIdRange(ordinal));
    this.occurrences = new Map();
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
    // One transaction: outside one, each of word_stems' 70,000 inserts committed on its own, and
    // each row of its scratch FTS5 table was flushed as a segment of its own (5 s of CPU, now 0.3).
    this.transaction(() => {
      this.db.exec(REBUILD_FTS_SQL);
      buildWordStems(this.db);
      buildLocalWords(this.db);
    });
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
