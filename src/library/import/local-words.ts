import type Database from 'better-sqlite3';
import { languageOfCatalogName } from '../../core/canon/book-names.js';
import { verseKey } from '../../core/reference/verse-key.js';
import { fold } from '../../core/search/matches.js';
import { stemmerOf, textWords } from '../../core/text/stemmers.js';
import { type PackedWordsRow, spansOf } from '../store/word-rows.js';

/** The English translation whose Strong's tagging the other languages' words are glossed through. */
const GLOSSING = 'kjv';
/** A stem seen in fewer tagged spans than this gets no gloss: one verse's tagging is too little to go on. */
const MIN_SPANS = 2;
/** How many English words a stem keeps, and the least share of its best one a further word needs. */
const GLOSSES_KEPT = 3;
const GLOSS_SHARE = 0.35;
/** Below this association a word is no gloss at all (most of a stem's numbers render it otherwise). */
const MIN_GLOSS = 0.02;

/**
 * What `bible find` and `--stem` read of each translation in a language other than English with
 * a Snowball stemmer (the RV1909's Spanish): its words' stems (word_stems), its verses as stems
 * (find_local_fts), and for a Strong's-tagged one, each word's and each stem's English words
 * (local_glosses).
 */
export function buildLocalWords(db: Database.Database): void {
  const bibles = db.prepare("SELECT id, name FROM resources WHERE kind = 'bible' ORDER BY position").all() as Array<{
    id: string;
    name: string;
  }>;
  for (const { id, name } of bibles) {
    const language = languageOfCatalogName(name);
    const stem = stemmerOf(language);
    if (!language || !stem) continue;
    db.transaction(() => {
      const terms = indexVerses(db, id, stem);
      const insert = db.prepare('INSERT OR IGNORE INTO word_stems (language, term, stem) VALUES (?, ?, ?)');
      for (const [term, s] of terms) insert.run(language, term, s);
      glossThroughStrongs(db, id, language, stem);
    })();
  }
}

/** Each verse's words as stems into find_local_fts; the words met, folded as the index folds them, with their stems. */
function indexVerses(db: Database.Database, translation: string, stem: (w: string) => string): Map<string, string> {
  const terms = new Map<string, string>();
  const insert = db.prepare('INSERT INTO find_local_fts (stems, translation, key) VALUES (?, ?, ?)');
  const rows = db
    .prepare('SELECT book, chapter, verse, text FROM verses WHERE translation = ? ORDER BY book, chapter, verse')
    .all(translation) as Array<{ book: number; chapter: number; verse: number; text: string }>;
  for (const r of rows) {
    const stems = textWords(r.text).map((w) => {
      const term = fold(w);
      let s = terms.get(term);
      if (s === undefined) {
        s = stem(w);
        terms.set(term, s);
      }
      return s;
    });
    insert.run(stems.join(' '), translation, verseKey(r.book, r.chapter, r.verse));
  }
  return terms;
}

/** A translation's tagged word spans in canonical order: each one's text and its numbers, space-separated. */
function* taggedSpans(db: Database.Database, translation: string): Generator<[string, string]> {
  const rows = db
    .prepare(
      'SELECT w.id, v.text, v.title, w.words FROM verses v JOIN verse_words w ON w.id = v.id WHERE v.translation = ? ORDER BY v.id',
    )
    .iterate(translation) as IterableIterator<PackedWordsRow>;
  for (const row of rows)
    for (const s of spansOf(translation, row).values()) if (s.strongs.length) yield [s.text, s.strongs.join(' ')];
}

/** Counts of what goes with what, keyed twice. */
class Counts {
  readonly pairs = new Map<string, Map<string, number>>();
  readonly totals = new Map<string, number>();
  add(a: string, b: string, n: number): void {
    let m = this.pairs.get(a);
    if (!m) {
      m = new Map();
      this.pairs.set(a, m);
    }
    m.set(b, (m.get(b) ?? 0) + n);
    this.totals.set(a, (this.totals.get(a) ?? 0) + n);
  }
}

/**
 * The English words of each stem of a tagged translation, through the Strong's numbers both it
 * and the KJV carry: a stem's numbers (P(number | stem)), each number's English words in the
 * KJV (P(word | number)), weighed by how much of the word's use that number is (P(number |
 * word)), so that "the" and "of", which go with every number, gloss nothing. Spanish "diluvio"
 * is H3999 is "flood"; "soberbia" is H1347 is "pride".
 */
function glossThroughStrongs(
  db: Database.Database,
  translation: string,
  language: string,
  stem: (w: string) => string,
) {
  const spans = (id: string) => taggedSpans(db, id);
  // Each word as written ("=aman", they love; "=amán", Haman), without its accents where it has
  // any ("~aman"), and by its stem ("amar" is also Amarías's, "pec" pecado's): a question's word is
  // glossed as written where the text has it, then unaccented, then by its stem.
  const local = new Counts();
  // Each word's forms once: the same few thousand words make the half-million spans (Snowball's
  // stemming of each was a third of the import's last step).
  const formsOf = new Map<string, string[]>();
  for (const [text, strongs] of spans(translation)) {
    const numbers = strongs.split(' ');
    for (const w of textWords(text)) {
      let forms = formsOf.get(w);
      if (!forms) {
        const folded = fold(w);
        forms = folded === w ? [`=${w}`, stem(w)] : [`=${w}`, `~${folded}`, stem(w)];
        formsOf.set(w, forms);
      }
      for (const n of numbers) for (const form of forms) local.add(form, n, 1 / numbers.length);
    }
  }
  if (!local.pairs.size) return;
  const english = new Counts(); // number → word
  const byWord = new Counts(); // word → number
  for (const [text, strongs] of spans(GLOSSING)) {
    const numbers = strongs.split(' ');
    for (const w of textWords(text)) {
      if (!/^[a-z]{3,}$/.test(w)) continue;
      for (const n of numbers) {
        english.add(n, w, 1 / numbers.length);
        byWord.add(w, n, 1 / numbers.length);
      }
    }
  }
  const insert = db.prepare('INSERT INTO local_glosses (language, form, word, weight) VALUES (?, ?, ?, ?)');
  for (const [s, numbers] of local.pairs) {
    const spansOf = local.totals.get(s) ?? 0;
    if (spansOf < MIN_SPANS) continue;
    const score = new Map<string, number>();
    for (const [n, c] of numbers) {
      const words = english.pairs.get(n);
      const total = english.totals.get(n);
      if (!words || !total) continue;
      for (const [w, cw] of words) {
        const share = (byWord.pairs.get(w)?.get(n) ?? 0) / (byWord.totals.get(w) ?? 1);
        score.set(w, (score.get(w) ?? 0) + (c / spansOf) * (cw / total) * share);
      }
    }
    const best = [...score].sort((a, b) => b[1] - a[1]);
    const top = best[0]?.[1] ?? 0;
    if (top < MIN_GLOSS) continue;
    for (const [w, v] of best.slice(0, GLOSSES_KEPT)) if (v >= top * GLOSS_SHARE) insert.run(language, s, w, v);
  }
}
