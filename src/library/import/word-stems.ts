import type Database from 'better-sqlite3';

/** KJV forms no suffix rule reaches, to the word they inflect. */
const IRREGULAR: Record<string, string> = {
  saith: 'say',
  hath: 'have',
  hast: 'have',
  doth: 'do',
  dost: 'do',
  didst: 'did',
  shalt: 'shall',
  wilt: 'will',
  canst: 'can',
  wast: 'was',
};

/**
 * The modern form of an Early Modern English verb (loveth, lovest, lovedst, knoweth, runneth,
 * crieth): the word left when -eth, -th, -est or -st is taken off, if the text has that word
 * (so rest, best, west and forest stay themselves). Porter's stemmer knows none of these endings.
 */
export function archaicBase(term: string, has: (word: string) => boolean): string {
  const irregular = IRREGULAR[term];
  if (irregular) return irregular;
  for (const suffix of ['eth', 'th', 'est', 'st']) {
    if (!term.endsWith(suffix)) continue;
    const stem = term.slice(0, -suffix.length);
    if (stem.length < 3) continue;
    if (has(stem)) return stem;
    if (/(.)\1$/.test(stem) && has(stem.slice(0, -1))) return stem.slice(0, -1); // runneth → run
    if (stem.endsWith('i') && has(`${stem.slice(0, -1)}y`)) return `${stem.slice(0, -1)}y`; // crieth → cry
  }
  return term;
}

/**
 * Fills `word_stems`: every word of the whole-word index with its stem, the Porter stem of its
 * modern form, so `--stem love` finds love, loved, loveth, lovest, lovedst. The stems come from
 * SQLite's own Porter tokenizer (a scratch FTS5 table), the one the stemmed index uses, rather
 * than a second stemmer written here.
 */
export function buildWordStems(db: Database.Database): void {
  db.exec(`CREATE VIRTUAL TABLE temp.word_vocab USING fts5vocab(main, 'verses_words_fts', 'row')`);
  const terms = (db.prepare('SELECT term FROM temp.word_vocab').all() as Array<{ term: string }>).map((r) => r.term);
  const known = new Set(terms);
  db.exec(`CREATE VIRTUAL TABLE temp.stemmer USING fts5(w, tokenize='porter unicode61 remove_diacritics 2')`);
  const put = db.prepare('INSERT INTO temp.stemmer (rowid, w) VALUES (?, ?)');
  for (const [i, term] of terms.entries())
    put.run(
      i + 1,
      archaicBase(term, (w) => known.has(w)),
    );
  db.exec(`CREATE VIRTUAL TABLE temp.stemmer_vocab USING fts5vocab(temp, 'stemmer', 'instance')`);
  const insert = db.prepare("INSERT INTO word_stems (language, term, stem) VALUES ('en', ?, ?)");
  for (const row of db.prepare('SELECT term, doc FROM temp.stemmer_vocab').all() as Array<{
    term: string;
    doc: number;
  }>)
    insert.run(terms[row.doc - 1], row.term);
  db.exec('DROP TABLE temp.stemmer_vocab; DROP TABLE temp.stemmer; DROP TABLE temp.word_vocab');
}
