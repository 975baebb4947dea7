import Database from 'better-sqlite3';
import { atVerseKeySql, keyParts, verseKey, verseKeySql } from '../../core/reference/verse-key.js';
import type { StoryFields } from '../../core/schemas/stories.js';
import type { TopicSection } from '../../core/schemas/topics.js';
import { fold, matchedWords } from '../../core/search/matches.js';
import { type SearchQuery, wantedTerms } from '../../core/search/query.js';
import type { BookSpan } from '../../core/search/scope.js';
import { isAscii } from '../../core/text/ascii.js';
import { ftsQuery } from './fts.js';
import { preparedOnce } from './prepared.js';
import { CROSSREF_REACH_MOST, FIND_TRANSLATIONS } from './schema.js';
import { compileSearch, type IdRange, withStemForms } from './search-sql.js';

export type ResourceKind = 'bible' | 'commentary' | 'dictionary' | 'topics' | 'lexicon' | 'crossrefs' | 'stories';

export interface ResourceRow {
  id: string;
  kind: ResourceKind;
  name: string;
  attribution: string;
  source: string;
  count: number;
}

export interface VerseRow {
  book: number;
  chapter: number;
  verse: number;
  text: string;
}

/** A verse `bible find`'s index ranked: key book×1e6 + chapter×1e3 + verse, and its text per translation. */
export interface RankedVerse {
  key: number;
  score: number;
  texts: Record<string, string>;
}

/** One span of a verse's words (see verse_words in schema.ts). */
export interface WordSpan {
  idx: number;
  text: string;
  /** Normalised numbers ('G25'); empty when the span is untagged. */
  strongs: string[];
  /** Morphology codes, where the module gives them. */
  morph?: string[];
  red: boolean;
}

export interface VerseWords {
  book: number;
  chapter: number;
  verse: number;
  words: WordSpan[];
}

/** A verse where a Strong's number occurs, with the spans that render it. */
export interface StrongsVerse {
  book: number;
  chapter: number;
  verse: number;
  spans: Array<{ idx: number; text: string }>;
}

export interface VerseAnnotations {
  book: number;
  chapter: number;
  verse: number;
  headings: string[];
  /** `at`: the marker's character offset in the verse's plain text. */
  notes: Array<{ at: number; kind: 'foot' | 'crossReference'; text: string }>;
}

/** book, first chapter, first verse, last chapter, last verse */
type VerseRange = [number, number, number, number, number];

/** 'g0025', 'G25' → 'G25'; undefined when it is not a Strong's number. */
export function normaliseStrongs(number: string): string | undefined {
  const m = number.trim().match(/^([GHgh])0*(\d{1,5})$/);
  return m ? `${(m[1] as string).toUpperCase()}${m[2]}` : undefined;
}

/** Groups rows that come in verse order into one item per verse. */
function byVerse<R extends { book: number; chapter: number; verse: number }, T>(
  rows: R[],
  item: (row: R) => T,
): Array<{ book: number; chapter: number; verse: number; items: T[] }> {
  const out: Array<{ book: number; chapter: number; verse: number; items: T[] }> = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last && last.book === r.book && last.chapter === r.chapter && last.verse === r.verse) last.items.push(item(r));
    else out.push({ book: r.book, chapter: r.chapter, verse: r.verse, items: [item(r)] });
  }
  return out;
}

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

export interface StrongsRow {
  number: string;
  lexicon: 'greek' | 'hebrew';
  lemma: string;
  transliteration: string;
  pronunciation: string;
  gloss: string;
  definition: string;
}

export interface TopicRow {
  work: string;
  slug: string;
  headword: string;
  sections: TopicSection[];
  text: string;
}

export interface VerseSearchOptions {
  scope: BookSpan[];
  /** Porter-stemmed index: love also finds loved, loveth, lovest. */
  stem: boolean;
  order: 'canonical' | 'relevance';
  limit: number;
  offset: number;
}

export interface VerseSearchHit extends VerseRow {
  /** The words of the verse that matched, in order, each once. */
  matches: string[];
}

export interface VerseSearchResult {
  total: number;
  byBook: Array<{ book: number; count: number }>;
  hits: VerseSearchHit[];
}

export interface ConcordancePage {
  verses: number;
  occurrences: number;
  renderings: Array<{ word: string; count: number }>;
  byBook: Array<{ book: number; count: number }>;
  hits: Array<VerseRow & { words: string[] }>;
}

export interface StoryFilter {
  theme?: string;
  q?: string;
  testament?: 'OT' | 'NT';
  kind?: 'narrative' | 'parable';
  limit: number;
}

/** Read-only queries over the library file; one instance per process. */
export class LibraryStore {
  private readonly db: Database.Database;
  private readonly stmt: (sql: string) => Database.Statement;

  constructor(readonly path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
    this.stmt = preparedOnce(this.db);
  }

  close(): void {
    this.db.close();
  }

  private resourceList: ResourceRow[] | undefined;

  /** The resources, read once: a library file never changes under an open store (imports swap files). */
  resources(): ResourceRow[] {
    this.resourceList ??= this.stmt(
      'SELECT id, kind, name, attribution, source, count FROM resources ORDER BY position',
    ).all() as ResourceRow[];
    return this.resourceList;
  }

  /**
   * A book range's rows of a per-verse table, in order. The range is a row-value comparison so
   * SQLite seeks the (translation, book, chapter, verse) index to the first verse; an expression
   * such as chapter * 1000 + verse would scan the whole book (all of Psalms for one verse).
   */
  private rangeRows<T>(select: string, order: string, translation: string, range: VerseRange): T[] {
    const [book, fromChapter, fromVerse, toChapter, toVerse] = range;
    return this.stmt(
      `${select} WHERE translation = ? AND book = ? AND (chapter, verse) BETWEEN (?, ?) AND (?, ?) ORDER BY ${order}`,
    ).all(translation, book, fromChapter, fromVerse, toChapter, toVerse) as T[];
  }

  /** Verses of a range in one book, in order. */
  verses(
    translation: string,
    book: number,
    fromChapter: number,
    fromVerse: number,
    toChapter: number,
    toVerse: number,
  ): VerseRow[] {
    return this.rangeRows(
      'SELECT book, chapter, verse, text FROM verses INDEXED BY verses_text',
      'chapter, verse',
      translation,
      [book, fromChapter, fromVerse, toChapter, toVerse],
    );
  }

  /**
   * The text of each of the verses (keys as book×1e6 + chapter×1e3 + verse) the translation has, in
   * one query: find's results read ten or more, a query each cost ~0.5 ms of a cold `bible find`.
   */
  verseTexts(translation: string, keys: readonly number[]): Map<number, string> {
    const rows = this.stmt(
      `SELECT k.value, v.text FROM json_each(?) k JOIN verses v INDEXED BY verses_text
       ON v.translation = ? AND ${atVerseKeySql('k.value', 'v')}`,
    )
      .raw()
      .all(JSON.stringify(keys), translation) as Array<[number, string]>;
    return new Map(rows);
  }

  chapter(translation: string, book: number, chapter: number): VerseRow[] {
    return this.stmt(
      'SELECT book, chapter, verse, text FROM verses INDEXED BY verses_text WHERE translation = ? AND book = ? AND chapter = ? ORDER BY verse',
    ).all(translation, book, chapter) as VerseRow[];
  }

  /** The word spans of each verse of a range in one book, in order (none for an untagged translation). */
  verseWords(
    translation: string,
    book: number,
    chapterStart: number,
    verseStart: number,
    chapterEnd: number,
    verseEnd: number,
  ): VerseWords[] {
    const rows = this.rangeRows<{
      book: number;
      chapter: number;
      verse: number;
      idx: number;
      text: string;
      strongs: string;
      morph: string | null;
      red: number;
    }>(
      'SELECT book, chapter, verse, idx, text, strongs, morph, red FROM verse_words',
      'chapter, verse, idx',
      translation,
      [book, chapterStart, verseStart, chapterEnd, verseEnd],
    );
    return byVerse(rows, (r): WordSpan => {
      const span: WordSpan = {
        idx: r.idx,
        text: r.text,
        strongs: r.strongs ? r.strongs.split(' ') : [],
        red: r.red === 1,
      };
      if (r.morph) span.morph = r.morph.split(' ');
      return span;
    }).map(({ items, ...v }) => ({ ...v, words: items }));
  }

  /** The concordance: every verse of a translation where a number occurs, in canonical order. */
  strongsVerses(translation: string, number: string): StrongsVerse[] {
    const n = normaliseStrongs(number);
    if (!n) return [];
    const rows = this.stmt(
      `SELECT o.book, o.chapter, o.verse, o.idx, w.text FROM strongs_occurrences o
       JOIN verse_words w ON w.translation = o.translation AND w.book = o.book AND w.chapter = o.chapter
         AND w.verse = o.verse AND w.idx = o.idx
       WHERE o.number = ? AND o.translation = ? ORDER BY o.book, o.chapter, o.verse, o.idx`,
    ).all(n, translation) as Array<{ book: number; chapter: number; verse: number; idx: number; text: string }>;
    return byVerse(rows, (r) => ({ idx: r.idx, text: r.text })).map(({ items, ...v }) => ({ ...v, spans: items }));
  }

  /** Headings and notes of the verses of a range that have any. */
  verseAnnotations(
    translation: string,
    book: number,
    chapterStart: number,
    verseStart: number,
    chapterEnd: number,
    verseEnd: number,
  ): VerseAnnotations[] {
    const rows = this.rangeRows<{ book: number; chapter: number; verse: number; headings: string; notes: string }>(
      'SELECT book, chapter, verse, headings, notes FROM verse_annotations',
      'chapter, verse',
      translation,
      [book, chapterStart, verseStart, chapterEnd, verseEnd],
    );
    return rows.map((r) => ({ ...r, headings: JSON.parse(r.headings), notes: JSON.parse(r.notes) }));
  }

  /** The library file's schema version (PRAGMA user_version). */
  schemaVersion(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  /** Full-text search over one translation's verses (best matches first). */
  searchVerses(translation: string, text: string, limit: number): VerseRow[] {
    const q = ftsQuery(text);
    if (!q) return [];
    return this.stmt(
      `SELECT v.book, v.chapter, v.verse, v.text FROM verses_fts f JOIN verses v ON v.id = f.rowid
       WHERE verses_fts MATCH ? AND v.translation = ? ORDER BY bm25(verses_fts) LIMIT ?`,
    ).all(q, translation, limit) as VerseRow[];
  }

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

  /** Headword-prefix search, alphabetical. */
  dictionarySearch(dictionary: string, text: string, limit: number): Array<{ idx: number; headword: string }> {
    const q = ftsQuery(text, { anchored: true });
    if (!q) return [];
    return this.stmt(
      `SELECT d.idx, d.headword FROM dictionary_fts f JOIN dictionary_entries d ON d.id = f.rowid
       WHERE dictionary_fts MATCH ? AND d.dictionary = ? ORDER BY d.idx LIMIT ?`,
    ).all(q, dictionary, limit) as Array<{ idx: number; headword: string }>;
  }

  dictionaryEntry(dictionary: string, idx: number): { idx: number; headword: string; text: string } | undefined {
    return this.stmt('SELECT idx, headword, text FROM dictionary_entries WHERE dictionary = ? AND idx = ?').get(
      dictionary,
      idx,
    ) as { idx: number; headword: string; text: string } | undefined;
  }

  /** Case-insensitive; headwords that start with the query first, then other matches; alphabetical within each. */
  topicSearch(work: string, text: string, limit: number): Array<{ slug: string; headword: string }> {
    const q = ftsQuery(text);
    if (!q) return [];
    const prefix = text.trim().toLowerCase();
    return this.stmt(
      `SELECT t.slug, t.headword FROM topic_fts f JOIN topic_entries t ON t.id = f.rowid
       WHERE topic_fts MATCH ? AND t.work = ?
       ORDER BY (lower(t.headword) LIKE ? ESCAPE '\\') DESC, t.headword COLLATE NOCASE LIMIT ?`,
    ).all(q, work, `${prefix.replace(/[\\%_]/g, '\\$&')}%`, limit) as Array<{ slug: string; headword: string }>;
  }

  topicBrowse(work: string, letter: string): Array<{ slug: string; headword: string }> {
    return this.stmt(
      `SELECT slug, headword FROM topic_entries WHERE work = ? AND upper(substr(headword, 1, 1)) = ?
       ORDER BY headword COLLATE NOCASE`,
    ).all(work, letter.toUpperCase()) as Array<{ slug: string; headword: string }>;
  }

  private topicRow(row: Omit<TopicRow, 'sections'> & { sections: string }): TopicRow {
    return { ...row, sections: JSON.parse(row.sections) as TopicSection[] };
  }

  topicEntry(work: string, slug: string): TopicRow | undefined {
    const row = this.stmt(
      'SELECT work, slug, headword, sections, text FROM topic_entries WHERE work = ? AND slug = ?',
    ).get(work, slug.toLowerCase()) as (Omit<TopicRow, 'sections'> & { sections: string }) | undefined;
    return row && this.topicRow(row);
  }

  /**
   * A topic by headword. Where two entries share it (Nave's SIN: the Desert of Sin, and sin), the
   * one listing most references (the subject, not the place or person of its name).
   */
  topicByHeadword(work: string, headword: string): TopicRow | undefined {
    const row = this.stmt(
      `SELECT work, slug, headword, sections, text FROM topic_entries WHERE work = ? AND headword = ? COLLATE NOCASE
       ORDER BY length(sections) - length(replace(sections, '"bookNum":', '')) DESC, slug LIMIT 1`,
    ).get(work, headword.trim()) as (Omit<TopicRow, 'sections'> & { sections: string }) | undefined;
    return row && this.topicRow(row);
  }

  /**
   * A topic by headword as find weighs it: its slug and headword, how many references its sections
   * list, counted in SQLite (each reference's JSON has one "bookNum" key, and a string holding the
   * text would escape its quotes), and the sections' JSON only where they list at most `most`:
   * find passes a broader topic over, and parsing GOD's 236 KB to count its references was ~1.5 ms.
   * Of two entries of one headword, the one listing most, as topicByHeadword.
   */
  topicWeighed(
    work: string,
    headword: string,
    most: number,
  ): { slug: string; headword: string; refs: number; sections: string | null } | undefined {
    return this.stmt(
      `SELECT slug, headword, refs, CASE WHEN refs <= ? THEN sections END AS sections FROM (
         SELECT slug, headword, sections, (length(sections) - length(replace(sections, '"bookNum":', ''))) / 10 AS refs
         FROM topic_entries WHERE work = ? AND headword = ? COLLATE NOCASE)
       ORDER BY refs DESC, slug LIMIT 1`,
    ).get(most, work, headword.trim()) as
      | { slug: string; headword: string; refs: number; sections: string | null }
      | undefined;
  }

  /**
   * The topics of a work that list everyday words (Everyday Topics) named by any of the words,
   * each with the word that named it and its sections' JSON, in the work's order.
   */
  topicsNamedBy(
    work: string,
    words: readonly string[],
  ): Array<{ slug: string; headword: string; sections: string; word: string }> {
    if (!words.length) return [];
    return this.stmt(
      `SELECT t.slug, t.headword, t.sections, w.word FROM topic_words w
       JOIN topic_entries t ON t.work = w.work AND t.slug = w.slug
       WHERE w.work = ? AND w.word IN (SELECT value FROM json_each(?)) ORDER BY t.id`,
    ).all(work, JSON.stringify(words)) as Array<{ slug: string; headword: string; sections: string; word: string }>;
  }

  strongs(number: string): StrongsRow | undefined {
    return this.stmt(
      'SELECT number, lexicon, lemma, transliteration, pronunciation, gloss, definition FROM strongs WHERE number = ?',
    ).get(number) as StrongsRow | undefined;
  }

  /** Best matches over lemma, transliteration, gloss and definition (lemma and gloss weigh most). */
  strongsSearch(
    text: string,
    lexicons: Array<'greek' | 'hebrew'>,
    limit: number,
    /** Only the English of the entries (gloss and definition), not the lemma or transliteration. */
    options: { englishOnly?: boolean } = {},
  ): StrongsRow[] {
    if (!lexicons.length) return [];
    const exact = text
      .trim()
      .toUpperCase()
      .match(/^([GH])0*(\d{1,5})$/);
    const direct = exact ? this.strongs(`${exact[1]}${exact[2]}`) : undefined;
    const words = ftsQuery(text);
    const q = words && options.englishOnly ? `{gloss definition} : (${words})` : words;
    const found = q
      ? (this.stmt(
          `SELECT s.number, s.lexicon, s.lemma, s.transliteration, s.pronunciation, s.gloss, s.definition
           FROM strongs_fts f JOIN strongs s ON s.id = f.rowid
           WHERE strongs_fts MATCH ? AND s.lexicon IN (SELECT value FROM json_each(?))
           ORDER BY (s.gloss = ? COLLATE NOCASE) DESC, bm25(strongs_fts, 10.0, 10.0, 5.0, 1.0), s.id LIMIT ?`,
        ).all(q, JSON.stringify(lexicons), text.trim(), limit) as StrongsRow[])
      : [];
    const out =
      direct && lexicons.includes(direct.lexicon)
        ? [direct, ...found.filter((r) => r.number !== direct.number)]
        : found;
    return out.slice(0, limit);
  }

  crossrefs(book: number, chapter: number, verse: number): string[] | undefined {
    const row = this.stmt('SELECT refs FROM crossrefs WHERE book = ? AND chapter = ? AND verse = ?').get(
      book,
      chapter,
      verse,
    ) as { refs: string } | undefined;
    return row ? (JSON.parse(row.refs) as string[]) : undefined;
  }

  /**
   * crossrefs() of each of the verses (keys as book×1e6 + chapter×1e3 + verse) that has any: one
   * query for them all, where a query per verse cost ~0.3 ms of a cold `bible find` for its 20.
   */
  crossrefsOf(keys: readonly number[]): Map<number, string[]> {
    const rows = this.stmt(
      `SELECT k.value, c.refs FROM json_each(?) k JOIN crossrefs c
       ON ${atVerseKeySql('k.value', 'c')}`,
    )
      .raw()
      .all(JSON.stringify(keys)) as Array<[number, string]>;
    return new Map(rows.map(([key, refs]) => [key, JSON.parse(refs) as string[]]));
  }

  /**
   * How many books of the Bible hold a cross-reference to each of the verses (keys as book×1e6 +
   * chapter×1e3 + verse) that any holds one to; none when no cross-references are imported. One
   * query for them all: a query per verse cost ~0.7 ms more of a cold `bible find` for its 100.
   */
  crossrefReach(keys: readonly number[]): Map<number, number> {
    const rows = this.stmt(
      `SELECT k.value, r.books FROM json_each(?) k JOIN crossref_reach r
       ON ${atVerseKeySql('k.value', 'r')}`,
    )
      .raw()
      .all(JSON.stringify(keys)) as Array<[number, number]>;
    return new Map(rows);
  }

  private namesAndSubjects: ReadonlySet<string> | undefined;

  /**
   * The words of the topics' headwords and the stories' titles and characters, lower case, of 5
   * letters or more: the names and subjects people ask after (GOLIATH, PRODIGAL SON), read once.
   */
  headwordVocabulary(): ReadonlySet<string> {
    if (!this.namesAndSubjects) {
      const texts = this.stmt(
        `SELECT headword AS text FROM topic_entries UNION ALL SELECT title || ' ' || characters FROM stories`,
      )
        .pluck()
        .all() as string[];
      const words = new Set<string>();
      for (const text of texts) for (const w of text.toLowerCase().match(/\p{L}{5,}/gu) ?? []) words.add(w);
      this.namesAndSubjects = words;
    }
    return this.namesAndSubjects;
  }

  private widestReach: number | undefined;

  /** The most books cross-referring to any one verse, read once (a library file never changes under an open store). */
  crossrefReachMost(): number {
    if (this.widestReach === undefined) {
      // Counted at import; a library imported before that is scanned (~2 ms of a find's start-up).
      const kept = this.stmt('SELECT value FROM meta WHERE key = ?').pluck().get(CROSSREF_REACH_MOST) as
        | string
        | undefined;
      this.widestReach = kept
        ? Number(JSON.parse(kept))
        : ((this.stmt('SELECT MAX(books) AS most FROM crossref_reach').get() as { most: number | null }).most ?? 0);
    }
    return this.widestReach;
  }

  /** Stories matching the filters in reading order, and how many match before `limit`. */
  stories(filter: StoryFilter): { stories: StoryFields[]; total: number } {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.theme) {
      where.push('EXISTS (SELECT 1 FROM json_each(s.theme_list) WHERE value = ?)');
      params.push(filter.theme);
    }
    if (filter.testament) {
      where.push('s.testament = ?');
      params.push(filter.testament);
    }
    if (filter.kind) {
      where.push('s.kind = ?');
      params.push(filter.kind);
    }
    if (filter.q !== undefined) {
      const q = ftsQuery(filter.q, { prefixAll: true });
      if (!q) return { stories: [], total: 0 };
      where.push('s.id IN (SELECT rowid FROM stories_fts WHERE stories_fts MATCH ?)');
      params.push(q);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.stmt(`SELECT count(*) AS n FROM stories s ${clause}`).get(...params) as { n: number }).n;
    const rows = this.stmt(`SELECT s.data FROM stories s ${clause} ORDER BY s.ord LIMIT ?`).all(
      ...params,
      filter.limit,
    ) as Array<{
      data: string;
    }>;
    return { stories: rows.map((r) => JSON.parse(r.data) as StoryFields), total };
  }

  story(slug: string): StoryFields | undefined {
    const row = this.stmt('SELECT data FROM stories WHERE slug = ?').get(slug) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as StoryFields) : undefined;
  }

  /** Whether the translation carries Strong's numbers word by word (verse_words is filled only for those). */
  isStrongsTagged(translation: string): boolean {
    return this.stmt('SELECT 1 FROM verse_words WHERE translation = ? LIMIT 1').get(translation) !== undefined;
  }

  /**
   * The concordance of one Strong's number in one translation: how many verses and word spans
   * carry it, the words that render it (lower-cased, most frequent first), verses per book, and
   * one page of the verses in canonical order with the spans that render it.
   */
  concordance(translation: string, number: string, limit: number, offset: number): ConcordancePage {
    const key = [number, translation];
    const occurrences = (
      this.stmt('SELECT count(*) AS n FROM strongs_occurrences WHERE number = ? AND translation = ?').get(...key) as {
        n: number;
      }
    ).n;
    const byBook = this.stmt(
      `SELECT book, count(DISTINCT chapter * 1000 + verse) AS count FROM strongs_occurrences
       WHERE number = ? AND translation = ? GROUP BY book ORDER BY book`,
    ).all(...key) as Array<{ book: number; count: number }>;
    const renderings = this.stmt(
      `SELECT lower(w.text) AS word, count(*) AS count FROM strongs_occurrences o JOIN verse_words w
         ON w.translation = o.translation AND w.book = o.book AND w.chapter = o.chapter AND w.verse = o.verse AND w.idx = o.idx
       WHERE o.number = ? AND o.translation = ? GROUP BY lower(w.text) ORDER BY count DESC, word`,
    ).all(...key) as Array<{ word: string; count: number }>;
    const rows = limit
      ? (this.stmt(
          `SELECT o.book, o.chapter, o.verse, v.text, json_group_array(w.text) AS words
           FROM strongs_occurrences o
           JOIN verse_words w ON w.translation = o.translation AND w.book = o.book AND w.chapter = o.chapter
             AND w.verse = o.verse AND w.idx = o.idx
           JOIN verses v ON v.translation = o.translation AND v.book = o.book AND v.chapter = o.chapter AND v.verse = o.verse
           WHERE o.number = ? AND o.translation = ?
           GROUP BY o.book, o.chapter, o.verse ORDER BY o.book, o.chapter, o.verse LIMIT ? OFFSET ?`,
        ).all(...key, limit, offset) as Array<VerseRow & { words: string }>)
      : [];
    return {
      verses: byBook.reduce((n, b) => n + b.count, 0),
      occurrences,
      renderings,
      byBook,
      hits: rows.map((r) => ({ ...r, words: JSON.parse(r.words) as string[] })),
    };
  }

  /**
   * Verses of one translation matching a parsed query: the total and count per book of all of
   * them, and one page in canonical order or by relevance (bm25; canonical among equals), each
   * with the words that matched.
   */
  searchWords(translation: string, typed: SearchQuery, options: VerseSearchOptions): VerseSearchResult {
    const query = options.stem ? withStemForms(typed, (w) => this.stemForms(w)) : typed;
    const ranked = options.order === 'relevance';
    const compiled = compileSearch(
      query,
      options.scope,
      this.idRange(translation),
      (numbers) => this.strongsVerseIds(translation, numbers),
      ranked,
    );
    const from = compiled.matchSql ? `verses v JOIN (${compiled.matchSql}) f ON f.rowid = v.id` : 'verses v';
    const where = ['v.translation = ?', ...compiled.where].join(' AND ');
    const params = [...(compiled.match ? [compiled.match] : []), translation, ...compiled.params];
    const byBook = this.stmt(
      `SELECT v.book, count(*) AS count FROM ${from} WHERE ${where} GROUP BY v.book ORDER BY v.book`,
    ).all(...params) as Array<{ book: number; count: number }>;
    const total = byBook.reduce((n, b) => n + b.count, 0);
    if (!options.limit || options.offset >= total) return { total, byBook, hits: [] };
    const canonical = 'v.book, v.chapter, v.verse';
    const order = ranked && compiled.match ? `f.rank, ${canonical}` : canonical;
    const rows = this.stmt(
      `SELECT v.id, v.book, v.chapter, v.verse, v.text FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
    ).all(...params, options.limit, options.offset) as Array<VerseRow & { id: number }>;
    const terms = wantedTerms(query);
    const tagged = this.taggedWords(translation, terms, rows);
    return {
      total,
      byBook,
      hits: rows.map(({ id, ...row }) => {
        const words = matchedWords(row.text, terms);
        for (const w of tagged.get(id) ?? []) if (!words.includes(w)) words.push(w);
        return { ...row, matches: words };
      }),
    };
  }

  private verseIdsByKey = new Map<string, Map<number, number>>();

  /** The ids of a translation's verses that carry any of the numbers (a verse-key → id map, read once per translation). */
  strongsVerseIds(translation: string, numbers: string[]): number[] {
    let byKey = this.verseIdsByKey.get(translation);
    if (!byKey) {
      const rows = this.stmt(`SELECT id, ${verseKeySql()} AS k FROM verses WHERE translation = ?`)
        .raw()
        .all(translation) as Array<[number, number]>;
      byKey = new Map(rows.map(([id, k]) => [k, id]));
      this.verseIdsByKey.set(translation, byKey);
    }
    const keys = this.stmt(
      `SELECT DISTINCT ${verseKeySql()} FROM strongs_occurrences
       WHERE number IN (SELECT value FROM json_each(?)) AND translation = ?`,
    )
      .raw()
      .all(JSON.stringify(numbers), translation) as Array<[number]>;
    return keys.flatMap(([k]) => byKey.get(k) ?? []);
  }

  private idRanges = new Map<string, IdRange>();

  /**
   * A translation's first and last verse id. Its verses are imported together in canonical order
   * (src/library/import), so those are the ids of its first and last verse: two seeks of the
   * verses_key index, where min(id) and max(id) read all of its ~31,000 entries (~2.5 ms).
   */
  private idRange(translation: string): IdRange {
    let range = this.idRanges.get(translation);
    if (!range) {
      const row = this.stmt(
        `SELECT (SELECT id FROM verses WHERE translation = @t ORDER BY book, chapter, verse LIMIT 1) AS first,
          (SELECT id FROM verses WHERE translation = @t ORDER BY book DESC, chapter DESC, verse DESC LIMIT 1) AS last`,
      ).get({ t: translation }) as { first: number | null; last: number | null };
      range = { first: row.first ?? 0, last: row.last ?? -1 };
      this.idRanges.set(translation, range);
    }
    return range;
  }

  /** The words of the text that share a word's stem (love: love, loved, loveth, lovest, …), or the word itself. */
  stemForms(word: string): string[] {
    const forms = this.stmt(
      'SELECT term FROM word_stems WHERE stem = (SELECT stem FROM word_stems WHERE term = ?) ORDER BY term',
    ).all(word) as Array<{ term: string }>;
    return forms.length ? forms.map((f) => f.term) : [word];
  }

  /** Per verse id, the spans tagged with the query's Strong's numbers (the English words that render them). */
  private taggedWords(
    translation: string,
    terms: ReturnType<typeof wantedTerms>,
    rows: Array<VerseRow & { id: number }>,
  ): Map<number, string[]> {
    const out = new Map<number, string[]>();
    const numbers = terms.flatMap((t) => (t.kind === 'strongs' ? [t.number] : []));
    if (!numbers.length) return out;
    // One read of the numbers' spans, kept for the page's verses: cheaper than a query per verse.
    const page = new Map(rows.map((r) => [verseKey(r.book, r.chapter, r.verse), r.id]));
    const spans = this.stmt(
      `SELECT ${verseKeySql('o')} AS k, w.text FROM strongs_occurrences o JOIN verse_words w
         ON w.translation = o.translation AND w.book = o.book AND w.chapter = o.chapter AND w.verse = o.verse AND w.idx = o.idx
       WHERE o.number IN (SELECT value FROM json_each(?)) AND o.translation = ? AND o.book BETWEEN ? AND ?
       ORDER BY o.book, o.chapter, o.verse, o.idx`,
    ).all(
      JSON.stringify(numbers),
      translation,
      Math.min(...rows.map((r) => r.book)),
      Math.max(...rows.map((r) => r.book)),
    ) as Array<{
      k: number;
      text: string;
    }>;
    for (const span of spans) {
      const id = page.get(span.k);
      if (id !== undefined) out.set(id, [...(out.get(id) ?? []), span.text]);
    }
    return out;
  }

  /**
   * Verses matching an FTS5 expression in find_fts (restricted to the given translations'
   * columns), best first: the verse key, BM25 relevance (higher is better) and each of those
   * translations' text of the verse.
   */
  findRanked(translations: readonly string[], match: string, limit: number): RankedVerse[] {
    // rank is bm25(find_fts) (the table sets no other), and ORDER BY rank lets FTS5 sort the
    // rowids alone and read the texts of the `limit` best only: ORDER BY bm25() put every matching
    // verse's texts in SQLite's sorter (~1 ms of a cold `bible find`). Ties keep rowid order either
    // way (6,066 match expressions compared, 793 with ties at the limit).
    return this.matchingVerses(translations, match, limit, 'rank');
  }

  /** The first verses in the canon's order that match an FTS5 expression in find_fts, with their texts. */
  findFirst(translations: readonly string[], match: string, limit: number): RankedVerse[] {
    return this.matchingVerses(translations, match, limit, 'rowid');
  }

  private matchingVerses(
    translations: readonly string[],
    match: string,
    limit: number,
    order: 'rank' | 'rowid',
  ): RankedVerse[] {
    const columns = FIND_TRANSLATIONS.filter((t) => translations.includes(t));
    if (!columns.length) return [];
    const rows = this.stmt(
      `SELECT rowid AS key, -rank AS score, ${columns.join(', ')} FROM find_fts
       WHERE find_fts MATCH ? ORDER BY ${order} LIMIT ?`,
    ).all(`{${columns.join(' ')}} : (${match})`, limit) as Array<Record<string, string | number | null>>;
    return rows.map((r) => ({
      key: r.key as number,
      score: r.score as number,
      texts: Object.fromEntries(columns.filter((c) => r[c]).map((c) => [c, r[c] as string])),
    }));
  }

  /** The verses (as book×1e6 + chapter×1e3 + verse) of a translation where a Strong's number occurs, at most `limit`. */
  strongsVerseKeys(translation: string, number: string, limit: number): number[] {
    return (
      this.stmt(
        `SELECT DISTINCT ${verseKeySql()} AS key FROM strongs_occurrences
         WHERE number = ? AND translation = ? LIMIT ?`,
      ).all(number, translation, limit) as Array<{ key: number }>
    ).map((r) => r.key);
  }

  /**
   * Which of the verses (keys as book×1e6 + chapter×1e3 + verse) hold words of Christ in any of
   * the translations: one primary-key seek per verse and translation, so a few hundred
   * candidates cost a millisecond or two where listing every red verse costs ~60 ms.
   */
  spokenByChrist(translations: readonly string[], keys: readonly number[]): Set<number> {
    const red = new Set<number>();
    const seek = this.stmt(
      'SELECT 1 FROM verse_words WHERE translation = ? AND book = ? AND chapter = ? AND verse = ? AND red = 1 LIMIT 1',
    );
    for (const key of keys) {
      const { book, chapter, verse } = keyParts(key);
      if (translations.some((t) => seek.get(t, book, chapter, verse) !== undefined)) red.add(key);
    }
    return red;
  }

  /** A dictionary's entries whose text holds a fragment anywhere (any case): a scan, for short dictionaries (the word book's 633 entries: ~0.2 ms). */
  dictionaryHolding(dictionary: string, fragment: string): Array<{ headword: string; text: string }> {
    const like = `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.stmt(
      "SELECT headword, text FROM dictionary_entries WHERE dictionary = ? AND text LIKE ? ESCAPE '\\' ORDER BY idx",
    ).all(dictionary, like) as Array<{ headword: string; text: string }>;
  }

  private readonly findFrequencies = new Map<string, number>();

  /** How many verses of find_fts hold a word (any translation's column); remembered per word. */
  findFrequency(word: string): number {
    let n = this.findFrequencies.get(word);
    if (n === undefined) {
      n = (
        this.stmt('SELECT count(*) AS n FROM find_fts WHERE find_fts MATCH ?').get(`"${word.replace(/"/g, '""')}"`) as {
          n: number;
        }
      ).n;
      if (this.findFrequencies.size > 10_000) this.findFrequencies.clear();
      this.findFrequencies.set(word, n);
    }
    return n;
  }

  /**
   * Stories matching an FTS5 expression, best first, with BM25 relevance (title and characters weigh
   * most), and each one's key verses (the heart of it, most central first).
   */
  rankedStories(match: string, limit: number): Array<{ story: StoryFields; score: number; keyVerses: string[] }> {
    // The weights as FTS5's rank, so FTS5 sorts the rowids and only the best stories' data are
    // read, where ORDER BY bm25() sorted every matching story's (~0.2 ms of a cold `bible find`).
    // The same rows and scores, ties included, for 750 match expressions of the question sets.
    const rows = this.stmt(
      `SELECT s.data, s.key_verses, -f.rank AS score FROM stories_fts f JOIN stories s ON s.id = f.rowid
       WHERE stories_fts MATCH ? AND f.rank MATCH 'bm25(8.0, 4.0, 2.0, 1.0)' ORDER BY f.rank LIMIT ?`,
    ).all(match, limit) as Array<{ data: string; key_verses: string; score: number }>;
    return rows.map((r) => ({
      story: JSON.parse(r.data) as StoryFields,
      score: r.score,
      keyVerses: JSON.parse(r.key_verses) as string[],
    }));
  }
  /** Lexicon entries whose transliteration is the word, accents aside ("agape" → G26 agápē), lowest number first. */
  strongsByTransliteration(word: string, lexicons: Array<'greek' | 'hebrew'>, limit: number): StrongsRow[] {
    // The letters; of ASCII alone without \p{L}, whose compilation was ~0.3 ms of a cold `bible find`.
    const w = isAscii(word) ? word.replace(/[^A-Za-z]/g, '') : word.normalize('NFC').replace(/[^\p{L}]/gu, '');
    if (!w || !lexicons.length) return [];
    const rows = this.stmt(
      `SELECT s.number, s.lexicon, s.lemma, s.transliteration, s.pronunciation, s.gloss, s.definition
       FROM strongs_fts f JOIN strongs s ON s.id = f.rowid
       WHERE strongs_fts MATCH ? AND s.lexicon IN (SELECT value FROM json_each(?)) ORDER BY s.id LIMIT 50`,
    ).all(`transliteration: "${w}"`, JSON.stringify(lexicons)) as StrongsRow[];
    // The index matches any word of a transliteration; only a whole one that is the word counts.
    return rows.filter((r) => fold(r.transliteration) === fold(w)).slice(0, limit);
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
}
