import { verseKeySql } from '../../core/reference/verse-key.js';

/**
 * The library's SQLite schema. One file, `$BIBLE_DATA_DIR/library.sqlite`, rebuilt whole by
 * `bible library import`. Resource ids are short, lower-case and stable (kjv, web, mhcc, …).
 *
 * resources          one row per readable resource: kind, display name, attribution, source, count
 * verses             Bible text per translation, book number (1-66), chapter and verse, and the
 *                    verse's canonical title (a psalm's, apart from the text)
 * verses_fts         FTS5 over verse text, Porter-stemmed (chat grounding: love, loved, loveth)
 * verses_words_fts   FTS5 over verse title and text, unstemmed: whole-word search (`love` is not `loved`)
 * word_stems         per language, each word of verses_words_fts with its stem (English: Porter's, archaic
 *                    -eth/-est forms included; another language: Snowball's), for --stem
 * verse_words        per verse of a Strong's-tagged translation: its word spans in order, each with
 *                    its Strong's numbers, morphology and marks (words of Christ, supplied words,
 *                    the title's words first)
 * strongs_occurrences the concordance: one row per (Strong's number, word span)
 * verse_annotations  per verse: the headings before it and its notes (JSON), where it has any
 * commentary_notes   one row per note; a note covers a verse range (linked slots in SWORD)
 * commentary_headings per commentary: the headings of its chapter outlines, each over a verse range
 *                    (Matthew Henry's "The building of Solomon's temple (1-10)"), for `bible find`
 * commentary_headings_fts FTS5 over those headings, Porter-stemmed
 * dictionary_entries per dictionary: idx (0-based, alphabetical), headword, text
 * dictionary_fts     FTS5 over headwords (headword-prefix search with `^`)
 * topic_entries      per topical work: slug, headword, sections (JSON), plain text
 * topic_fts          FTS5 over topic headwords
 * topic_words        per topical work that lists them (Everyday Topics): the everyday words naming each topic
 * strongs            Strong's Greek and Hebrew entries (number like G26 / H430)
 * strongs_fts        FTS5 over lemma, transliteration, gloss and definition
 * crossrefs          per verse: the referenced verses (JSON array of "Book c:v")
 * crossref_reach     per verse: how many books of the Bible hold a cross-reference to it, a
 *                    measure of how well known a verse is, for `bible find`
 * stories            curated stories (JSON), with canonical reading order, and their key verses
 *                    (the verses that tell each one's heart, data/story-keys.json) for `bible find`
 * stories_fts        FTS5 over title, characters, hooks and summary
 * find_fts           FTS5 for `bible find`: one row per verse (rowid book×1e6 + chapter×1e3 + verse),
 *                    a Porter-stemmed column per English translation (FIND_TRANSLATIONS), so one
 *                    BM25 ranking reads both wordings of a verse over a third of verses_fts's rows
 * find_local_fts     FTS5 for `bible find` in a translation's own language (not English): one row per
 *                    verse of each such translation, its words as their Snowball stems (key: the verse key)
 * local_glosses      per language, the English words of a word ('=peces', folded) and of a stem ('pec'),
 *                    through the Strong's numbers a tagged translation in it and the KJV both carry
 * genbook_sections   per general book (RawGenBook: Josephus, the Church Fathers, …): every section of
 *                    its tree in the book's order (idx), its parent, depth, key ("/Part/Chapter"),
 *                    name, the idx of its last descendant (a subtree is the idx range after it), its text and its length
 * meta               import facts: time, sources found and skipped, module fingerprints
 */
/** The English translations `bible find` matches a question's words in (find_fts's columns). */
export const FIND_TRANSLATIONS = ['kjv', 'web'] as const;

/** Raised when tables change: an older library file is rebuilt on open (see ensure.ts). */
export const SCHEMA_VERSION = 11;

/**
 * What a span of verse_words is, as bits of its `marks` column: one integer column for the three
 * (a column each would cost a byte per row of 1.2 million).
 */
export const WORD_MARKS = { red: 1, added: 2, title: 4 } as const;

/** The meta key holding the most books cross-referring to any one verse (crossref_reach), counted at import. */
export const CROSSREF_REACH_MOST = 'crossrefReachMost';

/** A commentary's text over a verse range of one chapter: its notes, and its outlines' headings. */
const COMMENTARY_RANGE_COLUMNS = `
  id INTEGER PRIMARY KEY,
  commentary TEXT NOT NULL,
  book INTEGER NOT NULL,
  chapter INTEGER NOT NULL,
  verse_start INTEGER NOT NULL,
  verse_end INTEGER NOT NULL,
  text TEXT NOT NULL
`;

export const SCHEMA_SQL = `
PRAGMA user_version = ${SCHEMA_VERSION};
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE resources (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('bible','commentary','dictionary','topics','lexicon','crossrefs','stories','genbook')),
  name TEXT NOT NULL,
  attribution TEXT NOT NULL,
  source TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL
);
CREATE TABLE verses (
  id INTEGER PRIMARY KEY,
  translation TEXT NOT NULL,
  book INTEGER NOT NULL,
  chapter INTEGER NOT NULL,
  verse INTEGER NOT NULL,
  text TEXT NOT NULL,
  title TEXT                         -- the verse's canonical title (a psalm's), NULL when none
);
CREATE UNIQUE INDEX verses_key ON verses (translation, book, chapter, verse);
-- The same key with the text: a passage or chapter is read from this index alone, without a
-- table lookup per verse (half the time of a lookup; 20,000 distinct passages a second matter to
-- a busy service). Costs about 7% of the file.
CREATE INDEX verses_text ON verses (translation, book, chapter, verse, text, title);
CREATE VIRTUAL TABLE verses_fts USING fts5(text, content='verses', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE verses_words_fts USING fts5(text, title, content='verses', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
CREATE TABLE word_stems (language TEXT NOT NULL, term TEXT NOT NULL, stem TEXT NOT NULL, PRIMARY KEY (language, term)) WITHOUT ROWID;
CREATE INDEX word_stems_stem ON word_stems (language, stem);
CREATE TABLE verse_words (
  translation TEXT NOT NULL, book INTEGER NOT NULL, chapter INTEGER NOT NULL, verse INTEGER NOT NULL,
  idx INTEGER NOT NULL,              -- 0-based order of the span within the verse
  text TEXT NOT NULL,                -- the span's words as they read in the verse's plain text ("lovest thou")
  strongs TEXT NOT NULL DEFAULT '',  -- space-separated numbers, normalised 'G25', 'H430' (upper-case letter, no leading zeros); '' when untagged
  morph TEXT,                        -- space-separated morphology codes where the module gives them, else NULL
  marks INTEGER NOT NULL DEFAULT 0,  -- WORD_MARKS bits: 1 words of Christ, 2 supplied by the translators (italics), 4 the verse's title
  PRIMARY KEY (translation, book, chapter, verse, idx)
) WITHOUT ROWID;
CREATE TABLE strongs_occurrences (   -- the concordance index: one row per (number, word span)
  number TEXT NOT NULL, translation TEXT NOT NULL,
  book INTEGER NOT NULL, chapter INTEGER NOT NULL, verse INTEGER NOT NULL, idx INTEGER NOT NULL,
  PRIMARY KEY (number, translation, book, chapter, verse, idx)
) WITHOUT ROWID;
CREATE TABLE verse_annotations (
  translation TEXT NOT NULL, book INTEGER NOT NULL, chapter INTEGER NOT NULL, verse INTEGER NOT NULL,
  headings TEXT NOT NULL,            -- JSON array of strings: titles before the verse
  notes TEXT NOT NULL,               -- JSON array of { at, kind, text }: at is the marker's offset in the plain text
  PRIMARY KEY (translation, book, chapter, verse)
) WITHOUT ROWID;
CREATE TABLE commentary_notes (${COMMENTARY_RANGE_COLUMNS});
CREATE INDEX commentary_notes_key ON commentary_notes (commentary, book, chapter, verse_start);
CREATE TABLE commentary_headings (${COMMENTARY_RANGE_COLUMNS});
CREATE VIRTUAL TABLE commentary_headings_fts USING fts5(text, content='commentary_headings', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2');
CREATE TABLE dictionary_entries (
  id INTEGER PRIMARY KEY,
  dictionary TEXT NOT NULL,
  idx INTEGER NOT NULL,
  headword TEXT NOT NULL,
  text TEXT NOT NULL
);
CREATE UNIQUE INDEX dictionary_entries_key ON dictionary_entries (dictionary, idx);
CREATE VIRTUAL TABLE dictionary_fts USING fts5(headword, content='dictionary_entries', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
CREATE TABLE topic_entries (
  id INTEGER PRIMARY KEY,
  work TEXT NOT NULL,
  slug TEXT NOT NULL,
  headword TEXT NOT NULL,
  sections TEXT NOT NULL,
  text TEXT NOT NULL
);
CREATE UNIQUE INDEX topic_entries_key ON topic_entries (work, slug);
CREATE INDEX topic_entries_headword ON topic_entries (work, headword COLLATE NOCASE);
CREATE VIRTUAL TABLE topic_fts USING fts5(headword, content='topic_entries', content_rowid='id');
CREATE TABLE topic_words (work TEXT NOT NULL, word TEXT NOT NULL, slug TEXT NOT NULL);
CREATE INDEX topic_words_word ON topic_words (work, word);
CREATE TABLE strongs (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  lexicon TEXT NOT NULL CHECK (lexicon IN ('greek','hebrew')),
  lemma TEXT NOT NULL,
  transliteration TEXT NOT NULL,
  pronunciation TEXT NOT NULL,
  gloss TEXT NOT NULL,
  definition TEXT NOT NULL
);
CREATE VIRTUAL TABLE strongs_fts USING fts5(lemma, transliteration, gloss, definition, content='strongs', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
CREATE TABLE crossrefs (
  book INTEGER NOT NULL,
  chapter INTEGER NOT NULL,
  verse INTEGER NOT NULL,
  refs TEXT NOT NULL,
  PRIMARY KEY (book, chapter, verse)
) WITHOUT ROWID;
CREATE TABLE crossref_reach (
  book INTEGER NOT NULL,
  chapter INTEGER NOT NULL,
  verse INTEGER NOT NULL,
  books INTEGER NOT NULL,
  PRIMARY KEY (book, chapter, verse)
) WITHOUT ROWID;
CREATE TABLE stories (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  ord INTEGER NOT NULL,
  theme_list TEXT NOT NULL,
  testament TEXT NOT NULL,
  kind TEXT NOT NULL,
  data TEXT NOT NULL,
  title TEXT NOT NULL,
  characters TEXT NOT NULL,
  hooks TEXT NOT NULL,
  summary TEXT NOT NULL,
  key_verses TEXT NOT NULL DEFAULT '[]'
);
CREATE VIRTUAL TABLE stories_fts USING fts5(title, characters, hooks, summary, content='stories', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE find_fts USING fts5(${FIND_TRANSLATIONS.join(', ')}, tokenize='porter unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE find_local_fts USING fts5(stems, translation UNINDEXED, key UNINDEXED, tokenize='unicode61 remove_diacritics 2');
CREATE TABLE local_glosses (language TEXT NOT NULL, form TEXT NOT NULL, word TEXT NOT NULL, weight REAL NOT NULL, PRIMARY KEY (language, form, word)) WITHOUT ROWID;
CREATE TABLE genbook_sections (
  book TEXT NOT NULL,                -- the general book's resource id
  idx INTEGER NOT NULL,              -- 0-based, depth first: the book's reading order
  parent INTEGER,                    -- the parent section's idx; NULL for a top section
  depth INTEGER NOT NULL,            -- 1 for a top section
  last INTEGER NOT NULL,             -- idx of its last descendant (its own idx when it has none)
  children INTEGER NOT NULL,         -- how many sections it holds directly
  key TEXT NOT NULL,                 -- libsword's tree key: "/Part One/Chapter 1"
  name TEXT NOT NULL,                -- the key's last name: "Chapter 1"
  chars INTEGER NOT NULL,            -- the text's length: a contents listing reads no text
  text TEXT NOT NULL,                -- the section's own text, plain; '' when it only holds others
  PRIMARY KEY (book, idx)
) WITHOUT ROWID;
CREATE INDEX genbook_sections_key ON genbook_sections (book, key COLLATE NOCASE);
CREATE INDEX genbook_sections_parent ON genbook_sections (book, parent);
`;

/** Filled after the bulk insert: FTS5 external-content tables are rebuilt in one pass. */
export const REBUILD_FTS_SQL = `
INSERT INTO verses_fts(verses_fts) VALUES ('rebuild');
INSERT INTO verses_words_fts(verses_words_fts) VALUES ('rebuild');
INSERT INTO topic_fts(topic_fts) VALUES ('rebuild');
INSERT INTO dictionary_fts(dictionary_fts) VALUES ('rebuild');
INSERT INTO strongs_fts(strongs_fts) VALUES ('rebuild');
INSERT INTO stories_fts(stories_fts) VALUES ('rebuild');
INSERT INTO commentary_headings_fts(commentary_headings_fts) VALUES ('rebuild');
INSERT INTO find_fts(rowid, ${FIND_TRANSLATIONS.join(', ')})
  SELECT ${verseKeySql()},
    ${FIND_TRANSLATIONS.map((t) => `max(CASE translation WHEN '${t}' THEN text END)`).join(', ')}
  FROM verses WHERE translation IN (${FIND_TRANSLATIONS.map((t) => `'${t}'`).join(', ')})
  GROUP BY book, chapter, verse;
`;
