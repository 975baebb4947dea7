import { fold } from '../../core/search/matches.js';
import { isAscii } from '../../core/text/ascii.js';
import { ftsQuery } from './fts.js';
import type { LibraryBase } from './library-file.js';

/** 'g0025', 'G25' → 'G25'; undefined when it is not a Strong's number. */
export function normaliseStrongs(number: string): string | undefined {
  const m = number.trim().match(/^([GHgh])0*(\d{1,5})$/);
  return m ? `${(m[1] as string).toUpperCase()}${m[2]}` : undefined;
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

/** The Strong's lexicons and the dictionaries. */
export function LexiconReader<B extends LibraryBase>(Base: B) {
  return class LexiconReader extends Base {
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

    /** A dictionary's entries whose text holds a fragment anywhere (any case): a scan, for short dictionaries (the word book's 633 entries: ~0.2 ms). */
    dictionaryHolding(dictionary: string, fragment: string): Array<{ headword: string; text: string }> {
      const like = `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return this.stmt(
        "SELECT headword, text FROM dictionary_entries WHERE dictionary = ? AND text LIKE ? ESCAPE '\\' ORDER BY idx",
      ).all(dictionary, like) as Array<{ headword: string; text: string }>;
    }
  };
}
