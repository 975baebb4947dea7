import Database from 'better-sqlite3';
import type { StoryFields } from '../../core/schemas/stories.js';
import type { TopicSection } from '../../core/schemas/topics.js';
import type { ResourceKind, StrongsRow } from '../store/library-store.js';
import { REBUILD_FTS_SQL, SCHEMA_SQL } from '../store/schema.js';

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
  private readonly insertDictionary;
  private readonly insertTopic;
  private readonly insertStrongs;
  private readonly insertCrossref;
  private readonly insertStory;

  constructor(path: string) {
    this.db = new Database(path);
    // A fresh file built in one go and renamed into place only when whole, so the rollback
    // journal can live in memory (better-sqlite3's defensive mode refuses journal_mode = OFF).
    this.db.pragma('journal_mode = MEMORY');
    this.db.pragma('synchronous = OFF');
    this.db.exec(SCHEMA_SQL);
    this.insertVerse = this.db.prepare(
      'INSERT INTO verses (translation, book, chapter, verse, text) VALUES (?, ?, ?, ?, ?)',
    );
    this.insertNote = this.db.prepare(
      'INSERT INTO commentary_notes (commentary, book, chapter, verse_start, verse_end, text) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.insertDictionary = this.db.prepare(
      'INSERT INTO dictionary_entries (dictionary, idx, headword, text) VALUES (?, ?, ?, ?)',
    );
    this.insertTopic = this.db.prepare(
      'INSERT INTO topic_entries (work, slug, headword, sections, text) VALUES (?, ?, ?, ?, ?)',
    );
    this.insertStrongs = this.db.prepare(
      'INSERT INTO strongs (number, lexicon, lemma, transliteration, pronunciation, gloss, definition) VALUES (@number, @lexicon, @lemma, @transliteration, @pronunciation, @gloss, @definition)',
    );
    this.insertCrossref = this.db.prepare('INSERT INTO crossrefs (book, chapter, verse, refs) VALUES (?, ?, ?, ?)');
    this.insertStory = this.db.prepare(
      'INSERT INTO stories (slug, ord, theme_list, testament, kind, data, title, characters, hooks, summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
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

  verse(translation: string, book: number, chapter: number, verse: number, text: string): void {
    this.insertVerse.run(translation, book, chapter, verse, text);
  }

  deleteTranslation(translation: string): void {
    this.db.prepare('DELETE FROM verses WHERE translation = ?').run(translation);
  }

  note(commentary: string, book: number, chapter: number, start: number, end: number, text: string): void {
    this.insertNote.run(commentary, book, chapter, start, end, text);
  }

  dictionaryEntry(dictionary: string, idx: number, headword: string, text: string): void {
    this.insertDictionary.run(dictionary, idx, headword, text);
  }

  topic(work: string, slug: string, headword: string, sections: TopicSection[], text: string): void {
    this.insertTopic.run(work, slug, headword, JSON.stringify(sections), text);
  }

  strongs(entry: StrongsRow): void {
    this.insertStrongs.run(entry);
  }

  crossref(book: number, chapter: number, verse: number, refs: string[]): void {
    this.insertCrossref.run(book, chapter, verse, JSON.stringify(refs));
  }

  story(story: StoryFields): void {
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
    );
  }

  meta(key: string, value: unknown): void {
    this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, JSON.stringify(value));
  }

  finish(): void {
    this.db.exec(REBUILD_FTS_SQL);
    this.db.exec('ANALYZE');
    this.db.close();
  }

  abort(): void {
    if (this.db.open) this.db.close();
  }
}
