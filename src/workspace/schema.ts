/**
 * The workspace's tables. `CREATE … IF NOT EXISTS` throughout: a store made by an older version
 * gains a new table the first time it is opened for a change.
 */
export const SCHEMA = `
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
CREATE TABLE IF NOT EXISTS deleted_notes (
  uid TEXT PRIMARY KEY,
  deleted_at TEXT NOT NULL
) WITHOUT ROWID;
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
